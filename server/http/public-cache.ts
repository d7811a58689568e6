import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { SESSION_COOKIE } from '../auth/cookies';
import { createCaller } from '../routers/_app';
import { type AppDeps, createInnerContext } from '../trpc/context';

/**
 * Hot public reads answered from memory, before tRPC's adapter (which costs several times a bare Fastify
 * route per request). Only for visitors without a session cookie: their answers are the same for every
 * anonymous visitor and never depend on the language (only errors do, and errors are never stored). A
 * signed-in citizen always goes through tRPC, so one who just voted sees their own vote counted at once.
 *
 * Freshness: every successful write through this server (any non-GET answer under 400) empties the cache
 * before its answer leaves, so the next read is recomputed. The short TTL covers what no request
 * announces: time passing (a poll or election closing at its hour) and the background photo job.
 * The URL and the bytes are exactly tRPC's, so the typed client does not know the difference.
 */
export const PUBLIC_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 500;

/** Public procedures whose anonymous answer is the same for everyone. Never a protected or admin one. */
export const CACHEABLE_PROCEDURES = new Set([
  'directory.members',
  'directory.senators',
  'directory.stateRepresentatives',
  'elections.active',
  'elections.verified',
  'polls.current',
  'polls.results',
  'polls.history',
  'polls.list',
]);

/** Browsers revalidate every time (a visitor who then signs in must not see the anonymous copy); shared
 * caches such as a CDN may keep it for the same short time as the server, keyed apart for cookies. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_CACHE_TTL_MS / 1000}, stale-while-revalidate=10`;

interface Entry {
  body: string;
  etag: string;
  storedAt: number;
}

/** A tRPC call (batched or not) naming only auth.* procedures. */
const AUTH_ONLY = /^\/trpc\/auth\.[\w.]+(?:,auth\.[\w.]+)*(?:\?|$)/;
const NO_COOKIES = { setSession() {}, clearSession() {} };
const hasSession = (cookieHeader: string | undefined) =>
  cookieHeader?.includes(`${SESSION_COOKIE}=`) === true;

/** The procedures and raw inputs of a tRPC GET, or null when it is not one this cache serves. */
function parseQuery(url: string): { paths: string[]; inputs: unknown[] } | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!pathname.startsWith('/trpc/')) return null;
  const paths = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
  if (!paths.every((path) => CACHEABLE_PROCEDURES.has(path))) return null;
  const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const batch = query.get('batch') === '1';
  if (!batch && paths.length > 1) return null;
  const raw = query.get('input');
  let parsed: unknown;
  try {
    parsed = raw === null ? undefined : JSON.parse(raw);
  } catch {
    return null;
  }
  const inputs = batch
    ? paths.map((_, index) => (parsed as Record<string, unknown> | undefined)?.[index])
    : [parsed];
  return {
    paths,
    inputs: inputs.map((input) => (input === undefined ? undefined : superjson.deserialize(input as never))),
  };
}

export function createPublicCache(deps: AppDeps) {
  const entries = new Map<string, Entry>();
  // Bumped by every write, so an answer computed before a write is never stored after it.
  let generation = 0;

  function invalidate() {
    generation += 1;
    entries.clear();
  }

  /** Runs the procedures as tRPC would for an anonymous visitor; null when any of them fails. */
  async function compute(request: FastifyRequest, query: { paths: string[]; inputs: unknown[] }) {
    const caller = createCaller(
      createInnerContext(deps, { session: null, ip: request.ip, cookies: NO_COOKIES }),
    ) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    try {
      const results = await Promise.all(
        query.paths.map((path, index) => {
          const [scope = '', name = ''] = path.split('.');
          return caller[scope]?.[name]?.(query.inputs[index]);
        }),
      );
      const envelopes = results.map((data) => ({ result: { data: superjson.serialize(data) } }));
      return JSON.stringify(
        query.paths.length > 1 || request.url.includes('batch=1') ? envelopes : envelopes[0],
      );
    } catch {
      // Errors go through tRPC, which words them in the reader's language; they are never stored.
      return null;
    }
  }

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' || hasSession(request.headers.cookie)) return;
    const key = request.url;
    let entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt > PUBLIC_CACHE_TTL_MS) {
      entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      const query = parseQuery(key);
      if (!query) return;
      const startedAt = generation;
      const body = await compute(request, query);
      if (body === null) return;
      entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        storedAt: Date.now(),
      };
      if (startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, entry);
      }
    }
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'cookie').header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json').send(entry.body);
  }

  /**
   * Any successful write (votes, admin edits, uploads) may change a public answer. Sign-ins, sign-ups and
   * the rest of auth.* only touch accounts and sessions, so a storm of them does not empty the cache.
   */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    if (!AUTH_ONLY.test(request.url)) invalidate();
    return payload;
  }

  return { onRequest, onSend, invalidate, size: () => entries.size };
}
