import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { serviceWorkerSource } from '@server/http/service-worker';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/security/server-process';

// client/public/sw.js run in Node against an in-memory Cache Storage, with the network under the test's
// control: the attack is an answer fetched for one person that arrives after they signed out, and a
// Cache Storage inspected afterwards. (The browser tests, tests/e2e/offline.test.ts, cover the rest.)

class MemoryCache {
  entries = new Map<string, Response>();
  async put(key: string | Request, response: Response) {
    this.entries.set(keyOf(key), response.clone());
  }
  async match(key: string | Request) {
    return this.entries.get(keyOf(key))?.clone();
  }
  async keys() {
    return [...this.entries.keys()].map((key) => new Request(key));
  }
  async addAll() {}
  async add() {}
}

const ORIGIN = 'https://codka.test';
const keyOf = (key: string | Request) => new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;

function worker() {
  const stores = new Map<string, MemoryCache>();
  const caches = {
    async open(name: string) {
      let cache = stores.get(name);
      if (!cache) {
        cache = new MemoryCache();
        stores.set(name, cache);
      }
      return cache;
    },
    async delete(name: string) {
      return stores.delete(name);
    },
    async keys() {
      return [...stores.keys()];
    },
  };
  /** What the network does with the next request: answer, fail (offline), or wait for the test. */
  let network: (request: Request) => Promise<Response> = async () => {
    throw new TypeError('Failed to fetch');
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  const source = serviceWorkerSource(readFileSync(join(REPO_ROOT, 'client/public/sw.js'), 'utf8'));
  runInNewContext(source, {
    self,
    caches,
    fetch: (input: Request | string, init?: RequestInit) =>
      network(typeof input === 'string' ? new Request(new URL(input, ORIGIN), init) : input),
    crypto,
    Response,
    Request,
    URL,
    JSON,
    Promise,
    Array,
    Set,
    decodeURIComponent,
    encodeURIComponent,
  });

  /** Dispatches a fetch event; resolves with the worker's answer (null when it lets the request through). */
  async function request(path: string, init: RequestInit = {}): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    const pending: Promise<unknown>[] = [];
    listeners.get('fetch')?.({
      request: new Request(new URL(path, ORIGIN), { mode: 'cors', ...init }),
      respondWith: (promise: Promise<Response>) => {
        answer = promise;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const response = answer ? await answer : null;
    await Promise.all(pending);
    return response;
  }
  async function entries() {
    const all: string[] = [];
    for (const [name, cache] of stores) {
      for (const key of cache.entries.keys())
        all.push(`${name} ${decodeURIComponent(new URL(key).pathname)}`);
    }
    return all;
  }
  return {
    request,
    entries,
    setNetwork: (next: typeof network) => {
      network = next;
    },
  };
}

const batch = (items: unknown[]) => Response.json(items);
const session = (id: string | null) => ({ result: { data: { json: { user: id ? { id } : null } } } });
const result = (json: unknown) => ({ result: { data: { json } } });
const RESULTS = `/trpc/elections.results?batch=1&input=${encodeURIComponent('{"0":{"json":{"id":"e1"}}}')}`;
/** An answer that carries the admin's view: counts voters cannot see yet. */
const ADMIN_ONLY = result({ results: [{ name: 'Hassan Abdi Nur', votes: 13 }], hiddenFromVoters: true });

/** Lets the worker finish what it started after answering (it stores answers after handing them over). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the service worker ties what it stores to whoever fetched it', () => {
  it('never serves an answer fetched for an admin that arrived after they signed out', async () => {
    const sw = worker();
    sw.setNetwork(async () => batch([session('admin-1'), result([])]));
    await sw.request('/trpc/auth.session,polls.list?batch=1&input=%7B%7D');
    await settle();
    expect(await sw.entries()).toContainEqual(expect.stringMatching(/polls\.list$/));

    // The admin opens the results; the answer is slow. Meanwhile they sign out on the same phone.
    let release: (response: Response) => void = () => {};
    sw.setNetwork(() => new Promise((resolve) => (release = resolve)));
    const slow = sw.request(RESULTS);
    await settle();
    sw.setNetwork(async () => new Response('{}'));
    await sw.request('/trpc/auth.signOut', { method: 'POST', body: '{}' });
    release(batch([ADMIN_ONLY]));
    // The admin's own page still gets its answer: only keeping it is refused.
    const delivered = await slow;
    expect(delivered && (await delivered.json())[0]).toEqual(ADMIN_ONLY);
    await settle();

    // A visitor then reads a public page online (the worker learns who is reading now) and goes offline.
    sw.setNetwork(async (request) =>
      request.url.includes('auth.session') ? batch([session(null)]) : batch([result([])]),
    );
    await sw.request('/trpc/directory.members?batch=1&input=%7B%7D');
    await settle();
    sw.setNetwork(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await (await sw.request(RESULTS))?.json();
    expect(offline[0].error.json).toMatchObject({ message: 'You are offline.', data: { offline: true } });
    expect((await sw.entries()).filter((entry) => entry.includes('elections.results'))).toEqual([]);
    expect((await sw.entries()).some((entry) => entry.includes('directory.members'))).toBe(true);
  });

  it('empties what it holds when the session names someone else, without any sign-out through it', async () => {
    const sw = worker();
    sw.setNetwork(async () => batch([session('citizen-a'), ADMIN_ONLY]));
    await sw.request(
      `/trpc/auth.session,elections.results?batch=1&input=${encodeURIComponent('{"1":{"json":{"id":"e1"}}}')}`,
    );
    await settle();
    expect((await sw.entries()).some((entry) => entry.includes('elections.results'))).toBe(true);

    // A's cookie expired on the server; B's first answer says who reads now.
    sw.setNetwork(async () => batch([session('citizen-b'), result([])]));
    await sw.request('/trpc/auth.session,polls.list?batch=1&input=%7B%7D');
    await settle();
    expect((await sw.entries()).filter((entry) => entry.includes('elections.results'))).toEqual([]);
    sw.setNetwork(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await (await sw.request(RESULTS))?.json();
    expect(offline[0].error.json.message).toBe('You are offline.');
  });

  it('never stores the session, votes, the hub or an election page, whatever the batch holds', async () => {
    const sw = worker();
    sw.setNetwork(async () =>
      batch([
        session('citizen-a'),
        result({ receiptId: 'R-1' }),
        result([]),
        result({ myVote: { receiptId: 'R-1' } }),
      ]),
    );
    await sw.request(
      `/trpc/auth.session,votes.myVotes,elections.hub,elections.byId?batch=1&input=${encodeURIComponent('{"3":{"json":{"id":"e1"}}}')}`,
    );
    await settle();
    expect((await sw.entries()).filter((entry) => !entry.endsWith('/__codka/identity'))).toEqual([]);
  });
});
