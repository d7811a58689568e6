import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb } from '@server/db/client';
import { MAX_PHOTO_BYTES } from '@server/services/photos/photo-files';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElection } from '../helpers/election-factories';
import { freePort, REPO_ROOT } from '../helpers/security/server-process';
import { enrollAuthenticator, insertUser, sessionCookie, type WorldUser } from '../helpers/security/world';
import {
  emptyEnvironment,
  releaseExecutable,
  runExecutable,
  type Served,
  serveExecutable,
  stopped,
} from './executable';
import { proxyReady, type RunningProxy, SITE, startCaddy, startNginx, stoppedProxy, visit } from './proxies';

// The deploy guide's proxy files, run for real in front of the release executable. Codka runs with
// deploy/codka.env (HOST=127.0.0.1, TRUST_PROXY=127.0.0.1, PUBLIC_ORIGIN=https://codka.example.so); only its
// database, uploads and port point into the test's folder. nginx runs deploy/nginx-codka.conf and Caddy
// deploy/Caddyfile, each changed only where a test must (ports, certificates; see tests/release/proxies.ts).

const folder = mkdtempSync(join(tmpdir(), 'codka-proxies-'));
const envFile = join(REPO_ROOT, 'deploy', 'codka.env');
const codka = releaseExecutable();
/** Five different free ports (a port freed by one probe may be handed to the next). */
async function freePorts(): Promise<number[]> {
  const found = new Set<number>();
  while (found.size < 5) found.add(await freePort());
  return [...found];
}
const [codkaPort = 0, ...proxyPorts] = await freePorts();
const ports = {
  codka: codkaPort,
  nginx: proxyPorts.slice(0, 2),
  caddy: proxyPorts.slice(2, 4),
};
const env = emptyEnvironment(folder, {
  PORT: String(ports.codka),
  DATABASE_PATH: join(folder, 'data', 'codka.db'),
  UPLOADS_DIR: join(folder, 'data', 'uploads'),
});
const origin = `https://${SITE}`;
let served: Served | undefined;
const proxies: RunningProxy[] = [];
let admin: string;
let citizen: WorldUser;
let candidateId: string;

beforeAll(async () => {
  const migrate = await runExecutable(codka, ['migrate', '--env-file', envFile], { cwd: folder, env });
  expect(migrate.code, migrate.stderr).toBe(0);
  const db = createDb(env.DATABASE_PATH ?? '');
  const chief = await insertUser(db, { role: 'System Admin' });
  enrollAuthenticator(db, chief.id);
  admin = sessionCookie(db, chief.id, { steppedUp: true });
  citizen = await insertUser(db);
  candidateId = String(createElection(db, { candidateCount: 1 }).candidates[0]?.id);
  closeDb(db);
  served = await serveExecutable(codka, {
    cwd: folder,
    env,
    origin: `http://127.0.0.1:${ports.codka}`,
    args: ['--env-file', envFile],
  });
});

afterAll(async () => {
  await Promise.all(proxies.map(stoppedProxy));
  if (served) await stopped(served.child);
  rmSync(folder, { recursive: true, force: true });
});

/** A tRPC mutation through the proxy, as the site's own page sends it. */
function mutation(
  proxy: RunningProxy,
  path: string,
  input: unknown,
  options: { from?: string; headers?: Record<string, string> } = {},
) {
  return visit(proxy, `/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...options.headers },
    body: JSON.stringify(superjson.serialize(input)),
    from: options.from,
  });
}

/** The largest image Codka accepts, within a few kilobytes: random pixels, stored uncompressed. */
async function fiveMegabyteImage(): Promise<Buffer> {
  const width = 1250;
  const height = 1330;
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
const image = await fiveMegabyteImage();

const proxyCases = [
  [
    'nginx',
    () => startNginx(folder, { http: ports.nginx[0] ?? 0, https: ports.nginx[1] ?? 0, codka: ports.codka }),
    '127.0.0.2',
  ],
  [
    'Caddy',
    () => startCaddy(folder, { http: ports.caddy[0] ?? 0, https: ports.caddy[1] ?? 0, codka: ports.codka }),
    '127.0.0.4',
  ],
] as const;

describe.sequential.each(proxyCases)('Codka behind %s with the deploy guide files', (name, start, client) => {
  let proxy: RunningProxy;
  // A second client, at the next loopback address.
  const neighbour = client.replace(/\d+$/, (last) => String(Number(last) + 1));

  it('answers /healthz through TLS with a certificate for the site', async () => {
    proxy = start();
    proxies.push(proxy);
    const health = await proxyReady(proxy);
    expect(health.status, proxy.output()).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('redirects plain http to https', async () => {
    const answer = await visit(proxy, '/healthz?from=http', { plain: true });
    expect([301, 308]).toContain(answer.status);
    // Caddy names the https port when it is not 443 (only in this test); nginx always sends the site's name.
    expect(answer.headers.location).toMatch(
      new RegExp(`^https://${SITE.replaceAll('.', '\\.')}(:${proxy.httpsPort})?/healthz\\?from=http$`),
    );
  });

  it('signs up and signs in over the proxy: a Secure, HttpOnly session cookie and HSTS', async () => {
    const signUp = await mutation(proxy, 'auth.signUp', {
      fullName: 'Proxied Citizen',
      email: `proxied.${name.toLowerCase()}@codka.example`,
      password: 'a-strong-password',
    });
    expect(signUp.status, signUp.body).toBe(200);
    expect(signUp.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const signIn = await mutation(proxy, 'auth.signIn', { email: citizen.email, password: citizen.password });
    expect(signIn.status, signIn.body).toBe(200);
    // Sign-up starts no session (decision 016): only the sign-in sets the cookie.
    for (const answer of [signIn]) {
      const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('codka_session='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it("keys limits on the client's real address: forged X-Forwarded-For values change nothing", async () => {
    // Failed sign-ins for one email from one address: 10 per 15 minutes (docs/security.md, "Limits"). Every
    // try claims another address; were one believed, each would get a fresh allowance and no 429 would come.
    const email = `stuffed.${name.toLowerCase()}@codka.example`;
    const guess = (from: string, forged: string) =>
      mutation(
        proxy,
        'auth.signIn',
        { email, password: 'a-wrong-password' },
        { from, headers: { 'x-forwarded-for': forged } },
      );
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await guess(client, `203.0.113.${attempt}`);
      expect(answer.status, answer.body).toBe(401);
    }
    const limited = await guess(client, '203.0.113.11');
    expect(limited.status, limited.body).toBe(429);
    // Another client keeps its own allowance, even claiming the first one's address: Codka keys on the address
    // the proxy saw, not on the proxy's own (127.0.0.1) and not on what a client writes.
    const other = await guess(neighbour, client);
    expect(other.status, other.body).toBe(401);
  });

  it("passes a 5 MB image upload through the proxy's body limit", async () => {
    expect(image.length).toBeGreaterThan(4_900_000);
    expect(image.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'candidate.png');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const answer = await visit(proxy, `/api/admin/candidates/${candidateId}/image`, {
      method: 'POST',
      headers: { origin, cookie: admin, 'content-type': encoded.headers.get('content-type') ?? '' },
      body,
    });
    expect(answer.status, answer.body).toBe(200);
    const imageUrl = (JSON.parse(answer.body) as { imageUrl: string }).imageUrl;
    const stored = await visit(proxy, imageUrl);
    expect(stored.status).toBe(200);
    expect(stored.headers['content-type']).toBe('image/webp');
  });
});
