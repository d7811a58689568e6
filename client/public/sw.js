// Codka's service worker: a page a reader has visited reloads without a connection (issue 8), with the data
// it showed. The rules are in docs/decisions/008-offline.md; in short:
// - app shell (index.html, /assets/*, theme-init.js, favicon): the HTML network-first, hashed assets
//   cache-first (their names change with their content);
// - GET /trpc answers of public read procedures, network-first, stored per procedure and input so a batch
//   that mixes public and private procedures still caches its public part; offline, a batch is answered
//   from those entries, and anything not stored (auth.session, votes.*, ...) answers "offline" as an error;
// - member photos (/uploads/photos/) cache-first;
// - never: POST and other writes, auth.* (but see SESSION_KEY), votes.*, admin.*, photos.* (admin), /admin
//   pages, candidate images and any other upload, other origins (map tiles).
// Some public reads say what the signed-in reader may do (elections.hub, polls.current): the data cache is
// emptied whenever the signed-in account changes (seen in auth.session answers and auth.* writes), so one
// person's answers are never shown to the next on a shared phone.
//
// Hand-written rather than vite-plugin-pwa/Workbox: vite-plugin-pwa 2 supports Vite 8, but workbox-build
// brings about 300 packages (Babel, Rollup 2, terser) into the build for this one file, and the rule that
// matters here, caching the public procedures inside a tRPC batch, needs custom code in Workbox anyway.

const VERSION = 'v1';
const SHELL_CACHE = `codka-shell-${VERSION}`;
const DATA_CACHE = `codka-data-${VERSION}`;
const PHOTO_CACHE = `codka-photos-${VERSION}`;
const CACHES = [SHELL_CACHE, DATA_CACHE, PHOTO_CACHE];

/** The page every client route gets from the server (the SPA fallback), stored once. */
const SHELL_KEY = '/';
const SHELL_FILES = ['/', '/theme-init.js', '/favicon.svg'];

/** Reads whose answers are the same for every visitor, or depend only on who is signed in (see above). */
const PUBLIC_READS = new Set([
  'directory.members',
  'directory.senators',
  'directory.stateRepresentatives',
  'directory.mapSettings',
  'directory.siteSettings',
  'elections.active',
  'elections.hub',
  'elections.byId',
  'elections.results',
  'elections.kindOf',
  'elections.verified',
  'polls.current',
  'polls.list',
  'polls.byId',
  'polls.history',
  'polls.results',
]);

/** Where the last seen account id is kept (service workers lose their variables when idle). */
const IDENTITY_KEY = '/__codka/identity';
/**
 * The last auth.session answer, replayed only when offline, so a signed-in reader's pages (the elections
 * hub) still know who is reading. Online it is never served; it goes with the rest of the data cache when the
 * account changes or anyone signs in or out.
 */
const SESSION_KEY = '/__codka/session';

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

// The page sends what it loaded before this worker controlled it (the first visit), so the shell is whole.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-shell' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && isShellFile(url.pathname))
    .map((url) => url.pathname);
  event.waitUntil(
    caches.open(SHELL_CACHE).then(async (cache) => {
      for (const url of urls) {
        if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }
    }),
  );
});

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
      event.waitUntil(forgetData());
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

/** Any client route: the network's page when it answers, else the stored shell (which routes on its own). */
async function shellPage(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await cache.put(SHELL_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const stored = await cache.match(SHELL_KEY);
    if (stored) return stored;
    throw error;
  }
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

/** One procedure call's entry in the data cache. */
function entryKey(name, input) {
  return `/__codka/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function trpcBatch(request, url, names) {
  const inputs = inputsOf(url, names.length);
  let response;
  try {
    response = await fetch(request);
  } catch {
    return fromCache(names, inputs);
  }
  await storeAnswers(response.clone(), names, inputs).catch(() => undefined);
  return response;
}

/** Keeps the public procedures' successful results; empties the cache when the signed-in account changed. */
async function storeAnswers(response, names, inputs) {
  if (response.status !== 200 && response.status !== 207) return;
  const items = await response.json();
  if (!Array.isArray(items)) return;
  const sessionIndex = names.indexOf('auth.session');
  if (sessionIndex >= 0 && items[sessionIndex]?.result) {
    const user = items[sessionIndex].result.data?.json?.user;
    await noteIdentity(user?.id ?? 'visitor');
    await (await caches.open(DATA_CACHE)).put(
      SESSION_KEY,
      new Response(JSON.stringify(items[sessionIndex]), { headers: { 'content-type': 'application/json' } }),
    );
  }
  const cache = await caches.open(DATA_CACHE);
  await Promise.all(
    names.map((name, index) => {
      const item = items[index];
      if (!PUBLIC_READS.has(name) || !item?.result) return undefined;
      return cache.put(
        entryKey(name, inputs[index]),
        new Response(JSON.stringify(item), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
}

/** Offline: the batch from stored results; what was never stored answers as an error, like a failed call. */
async function fromCache(names, inputs) {
  const cache = await caches.open(DATA_CACHE);
  let found = 0;
  // 207 (multi-status) as tRPC's server does for a batch with errors: the client reads each item.
  const items = await Promise.all(
    names.map(async (name, index) => {
      const key = name === 'auth.session' ? SESSION_KEY : entryKey(name, inputs[index]);
      const stored = PUBLIC_READS.has(name) || name === 'auth.session' ? await cache.match(key) : undefined;
      if (stored) {
        found += 1;
        return stored.json();
      }
      return {
        error: {
          json: {
            message: 'You are offline.',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 503, path: name },
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

async function noteIdentity(identity) {
  const cache = await caches.open(DATA_CACHE);
  const stored = await cache.match(IDENTITY_KEY);
  const previous = stored ? await stored.text() : null;
  if (previous === identity) return;
  if (previous !== null) await forgetData();
  await (await caches.open(DATA_CACHE)).put(IDENTITY_KEY, new Response(identity));
}

async function forgetData() {
  await caches.delete(DATA_CACHE);
}
