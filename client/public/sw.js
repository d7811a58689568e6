// Codka's service worker: a page a reader has visited reloads without a connection, with the public
// data it showed, and it keeps no one's personal data. The rules are in docs/decisions/008-offline.md;
// in short:
// - app shell (index.html, /assets/*, theme-init.js, favicon): the HTML network-first, hashed assets
// - pages (HTML, server-rendered as a visitor sees them, with their first view's data inside): network-first,
//   the last 40 visited kept per address, so a page reloads offline with its data;
//   cache-first (their names change with their content);
// - GET /trpc answers of the procedures whose meta says `offline: true` (OFFLINE_READS, written into this file
//   by the server when it serves /sw.js: server/http/service-worker.ts), network-first, stored per procedure
//   and input so a batch that mixes them with other calls still keeps its public part; offline, a batch is
//   answered from those entries, and every other call (auth.session, votes.*, elections.hub, elections.byId
//   with its receipt, ...) answers "offline" as an error. Nothing else is ever stored;
// - member photos (/uploads/photos/) cache-first;
// - never: POST and other writes, /admin pages, candidate images and any other upload, other origins.
// Whose answers: every stored answer belongs to the identity that fetched it (an account id, or "visitor"),
// learnt from auth.session answers. Entries are keyed by a random epoch drawn for that identity; any change
// of identity, and any auth.* write (sign in, out, up, password changes), empties the data cache and draws a
// new epoch. Until the worker has seen who is reading again, it stores nothing. So an answer fetched for A is
// never served to B or to a visitor, even one that was still in flight when A signed out.
//
// Hand-written rather than vite-plugin-pwa/Workbox: vite-plugin-pwa 2 supports Vite 8, but workbox-build
// brings about 300 packages (Babel, Rollup 2, terser) into the build for this one file, and the rule that
// matters here, caching the public procedures inside a tRPC batch, needs custom code in Workbox anyway.

const VERSION = 'v3';
const SHELL_CACHE = `codka-shell-${VERSION}`;
const DATA_CACHE = `codka-data-${VERSION}`;
const PHOTO_CACHE = `codka-photos-${VERSION}`;
const PAGE_CACHE = `codka-pages-${VERSION}`;
const CACHES = [SHELL_CACHE, DATA_CACHE, PHOTO_CACHE, PAGE_CACHE];
/** Pages kept for offline reading, the most recently visited first. */
const MOST_PAGES = 40;

/**
 * The page shown offline for an address no copy was kept of (server/http/static.ts): the site's frame with a
 * sentence in the reader's language and a link home. Another address's page cannot stand in for it: a page
 * carries its own routes' state, and the browser's code would start the wrong page on it.
 */
const OFFLINE_PAGE = '/offline';
const SHELL_FILES = [OFFLINE_PAGE, '/theme-init.js', '/favicon.svg'];

/**
 * The list of the site's code a page may ask for later (the parts it loads on demand, the toasts' watcher),
 * written by the build (vite.config.ts). Fetched and stored once a page the worker controls says so, so an
 * offline reload has what it needs; never on a first visit, which downloads nothing it did not show.
 */
const LATER_CODE = '/later-code.json';

/**
 * The procedures whose meta declares `offline: true`, written in by the server (server/http/service-worker.ts)
 * when it serves this file. Served any other way (a bare static server), the list is empty: nothing is kept.
 */
const OFFLINE_READS = new Set(/* offline reads */ []);

/** Who the stored answers belong to: { identity: account id | "visitor" | null (not known yet), epoch }. */
const IDENTITY_KEY = '/__codka/identity';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('codka-') && !CACHES.includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page sends what it loaded before this worker controlled it (the first visit), so the shell is whole; the
// addresses it showed (the first one, and each one a link led to without a document request), whose documents
// are kept as a reload would fetch them; and, from a page the worker controls, that the later code may come.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type === 'cache-later-code') {
    event.waitUntil(keepLaterCode());
    return;
  }
  if (data?.type !== 'cache-shell' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin);
  const files = urls.filter((url) => isShellFile(url.pathname)).map((url) => url.pathname);
  const documents = Array.isArray(data.pages)
    ? data.pages
        .map((url) => new URL(url, self.location.origin))
        .filter((url) => url.origin === self.location.origin && !isAdminPath(url.pathname))
    : [];
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then((cache) => keepFiles(cache, files)),
      caches.open(PAGE_CACHE).then((pages) => Promise.all(documents.map((url) => keepDocument(pages, url)))),
    ]),
  );
});

/** The build's list of later code, and the files it names. */
async function keepLaterCode() {
  try {
    const response = await fetch(LATER_CODE);
    const files = response.ok ? await response.json() : [];
    if (!Array.isArray(files)) return;
    const cache = await caches.open(SHELL_CACHE);
    await keepFiles(
      cache,
      files.filter((file) => typeof file === 'string' && isShellFile(file)),
    );
  } catch {
    // Offline or no list: the files the page downloaded itself are stored already.
  }
}

/** A page's document as a reload fetches it (the server's copy for the reader's language), kept by address. */
async function keepDocument(pages, url) {
  try {
    const response = await fetch(url.href, { credentials: 'same-origin' });
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await keepPage(pages, url.pathname + url.search, response);
    }
  } catch {
    // Offline already: the copy from before stays.
  }
}

/**
 * Stores the files not stored yet, four at a time: one by one, a first visit's seventy files were sometimes not
 * all stored when the connection went (an offline reload of / lacked a section's icon); all at once, they would
 * crowd the page's own downloads on a slow line.
 */
async function keepFiles(cache, urls) {
  const queue = [...new Set(urls)];
  const keepNext = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }
  };
  await Promise.all([keepNext(), keepNext(), keepNext(), keepNext()]);
}

function isShellFile(path) {
  return path.startsWith('/assets/') || path === '/theme-init.js' || path === '/favicon.svg';
}

const isAdminPath = (path) => path === '/admin' || path.startsWith('/admin/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method !== 'GET') {
    // Signing in, up or out changes whose answers the data cache holds.
    if (url.pathname.startsWith('/trpc/') && procedures(url).some((name) => name.startsWith('auth.'))) {
      event.respondWith(authWrite(request));
    }
    return;
  }

  if (request.mode === 'navigate') {
    if (isAdminPath(url.pathname)) return;
    event.respondWith(shellPage(request));
    return;
  }
  if (isShellFile(url.pathname)) {
    event.respondWith(
      url.pathname.startsWith('/assets/')
        ? cacheFirst(request, SHELL_CACHE)
        : networkFirst(request, SHELL_CACHE),
    );
    return;
  }
  if (url.pathname.startsWith('/uploads/photos/')) {
    event.respondWith(cacheFirst(request, PHOTO_CACHE));
    return;
  }
  // Every GET call goes through trpcBatch: public reads are stored, and offline every call gets a clean
  // "offline" answer instead of a network error.
  if (url.pathname.startsWith('/trpc/') && url.searchParams.get('batch') === '1')
    event.respondWith(trpcBatch(request, url, procedures(url)));
});

/** Procedure names of a tRPC URL: /trpc/a.b,c.d?batch=1&input=... */
function procedures(url) {
  return decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
}

/**
 * Any page: the network's when it answers, else this address's stored copy, else the offline page. A public
 * page comes from the server with its first view's data inside (server rendering), data its page never asks
 * /trpc for: its HTML is what is kept. Pages are rendered as a visitor sees them (never with anyone's data), so
 * a copy belongs to no one.
 */
async function shellPage(request) {
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  const [shell, pages] = await Promise.all([caches.open(SHELL_CACHE), caches.open(PAGE_CACHE)]);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await keepPage(pages, key, response.clone());
    }
    return response;
  } catch (error) {
    const stored = (await pages.match(key)) ?? (await shell.match(OFFLINE_PAGE));
    if (stored) return stored;
    throw error;
  }
}

async function keepPage(pages, key, response) {
  await pages.delete(key);
  await pages.put(key, response);
  // Cache keys come back in insertion order: the oldest visits go first.
  const keys = await pages.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MOST_PAGES))) await pages.delete(old);
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(request);
    if (stored) return stored;
    throw error;
  }
}

/** Each call's input, in the order of the procedures (httpBatchLink sends input={"0":...,"1":...}). */
function inputsOf(url, count) {
  let inputs = {};
  try {
    inputs = JSON.parse(url.searchParams.get('input') ?? '{}') ?? {};
  } catch {
    inputs = {};
  }
  return Array.from({ length: count }, (_, index) => inputs[index] ?? null);
}

/** One procedure call's entry in the data cache, under the epoch of the identity that fetched it. */
function entryKey(epoch, name, input) {
  return `/__codka/trpc/${epoch}/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function trpcBatch(request, url, names) {
  const inputs = inputsOf(url, names.length);
  // Whose answers these will be is fixed before the request leaves: a wipe meanwhile voids them.
  const before = await readIdentity();
  let response;
  try {
    response = await fetch(request);
  } catch {
    return fromCache(names, inputs);
  }
  await storeAnswers(response.clone(), names, inputs, before).catch(() => undefined);
  return response;
}

/**
 * Keeps the offline reads' successful results under the epoch of the identity that fetched them. The owner
 * is the identity named by an auth.session answer in the same batch (same request, same cookie), else the one
 * known when the request left, else the worker asks the server who is reading. Nothing is stored when an
 * auth.* write or a change of identity emptied the cache after the request left.
 */
async function storeAnswers(response, names, inputs, before) {
  if (response.status !== 200 && response.status !== 207) return;
  if (!names.some((name) => OFFLINE_READS.has(name) || name === 'auth.session')) return;
  const items = await response.json();
  if (!Array.isArray(items)) return;
  let owner = before;
  const sessionIndex = names.indexOf('auth.session');
  if (sessionIndex >= 0 && items[sessionIndex]?.result) {
    owner = await noteIdentity(identityIn(items[sessionIndex]), before);
  } else if (before.identity === null && names.some((name) => OFFLINE_READS.has(name))) {
    owner = await learnIdentity(before);
  }
  if (!owner || owner.identity === null) return;
  if ((await readIdentity()).epoch !== owner.epoch) return;
  const cache = await caches.open(DATA_CACHE);
  await Promise.all(
    names.map((name, index) => {
      const item = items[index];
      if (!OFFLINE_READS.has(name) || !item?.result) return undefined;
      return cache.put(
        entryKey(owner.epoch, name, inputs[index]),
        new Response(JSON.stringify(item), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
}

/** The identity an auth.session result names: the account's id, or "visitor". */
function identityIn(item) {
  return item.result.data?.json?.user?.id ?? 'visitor';
}

/** Asks the server who is reading (the session cookie goes with the request), as the page would. */
async function learnIdentity(before) {
  try {
    const response = await fetch('/trpc/auth.session?batch=1&input=%7B%7D', { credentials: 'same-origin' });
    if (!response.ok) return null;
    const [item] = await response.json();
    return item?.result ? noteIdentity(identityIn(item), before) : null;
  } catch {
    return null;
  }
}

/** Offline: the batch from stored results; what was never stored answers as an error, like a failed call. */
async function fromCache(names, inputs) {
  const { identity, epoch } = await readIdentity();
  const cache = await caches.open(DATA_CACHE);
  let found = 0;
  // 207 (multi-status) as tRPC's server does for a batch with errors: the client reads each item.
  const items = await Promise.all(
    names.map(async (name, index) => {
      const stored =
        identity !== null && OFFLINE_READS.has(name)
          ? await cache.match(entryKey(epoch, name, inputs[index]))
          : undefined;
      if (stored) {
        found += 1;
        return stored.json();
      }
      return {
        error: {
          json: {
            message: 'You are offline.',
            code: -32603,
            // `offline` tells the page the call never reached the server (lib/errors.ts isOffline).
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 503, path: name, offline: true },
          },
        },
      };
    }),
  );
  return new Response(JSON.stringify(items), {
    status: found === names.length ? 200 : 207,
    headers: { 'content-type': 'application/json' },
  });
}

function newEpoch() {
  return crypto.randomUUID();
}

/** The identity the stored answers belong to (kept in the cache: a worker loses its variables when idle). */
async function readIdentity() {
  const stored = await (await caches.open(DATA_CACHE)).match(IDENTITY_KEY);
  if (!stored) return { identity: null, epoch: 'none' };
  try {
    return await stored.json();
  } catch {
    return { identity: null, epoch: 'none' };
  }
}

async function writeIdentity(state) {
  await (await caches.open(DATA_CACHE)).put(
    IDENTITY_KEY,
    new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } }),
  );
}

/**
 * An auth.session answer named `identity`; returns the owner its batch's answers may be stored for, or null.
 * Nobody known yet (just after a wipe, when the cache is empty): that identity takes the current epoch. Someone
 * else known: the cache is emptied and a new epoch drawn. A wipe since the request left: the answer may be
 * the old cookie's, so nothing is learnt from it.
 */
async function noteIdentity(identity, before) {
  const current = await readIdentity();
  if (current.epoch !== before.epoch) return null;
  if (current.identity === identity) return current;
  if (current.identity === null) {
    const known = { identity, epoch: current.epoch };
    await writeIdentity(known);
    return known;
  }
  await caches.delete(DATA_CACHE);
  const next = { identity, epoch: newEpoch() };
  await writeIdentity(next);
  return next;
}

/**
 * An auth.* write: the cache is emptied before it leaves and again once its answer (and new cookie) is here,
 * so a read sent in between, with either cookie, can never be stored as the next identity's.
 */
async function authWrite(request) {
  await forgetData();
  try {
    return await fetch(request);
  } finally {
    await forgetData();
  }
}

/** Signing in, up or out (any auth.* write): nothing stored survives, and nobody is known until the next session. */
async function forgetData() {
  await caches.delete(DATA_CACHE);
  await writeIdentity({ identity: null, epoch: newEpoch() });
}
