import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import type { Db } from '@server/db/client';
import { testEnv } from '@server/env';
import { createMemoryMailer, type Mailer, type MailMessage } from '@server/mail/mailer';
import { createMemorySmsTransport, type SmsMessage, type SmsTransport } from '@server/services/sms/transport';
import { afterEach } from 'vitest';
import { createTestDb } from './db';

export const TEST_ORIGIN = 'http://localhost:3000';
export const INDEX_HTML =
  '<!doctype html><html><head><meta name="codka-default-theme" content="system" /></head><body><div id="root"></div></body></html>';

export interface TestAppOptions {
  db?: Db;
  env?: Record<string, string>;
  /**
   * The page renderer's folder (tests/helpers/ssr.ts). Without one every page is the shell, whether or not
   * the working copy holds a build in dist/ssr: the same answers before and after `npm run build`.
   */
  ssrDir?: string;
  /** The built client's index.html (default: a tiny one) and Vite's manifest (default: none). */
  indexHtml?: string;
  manifest?: object;
  /** Shortens the time a request may take to arrive (server/app.ts REQUEST_TIMEOUT_MS), for slow-body tests. */
  requestTimeoutMs?: number;
  /** A mail server or SMS gateway of the test's own (a slow one, say); by default ones that keep what they get. */
  mailer?: Mailer & { sent: MailMessage[] };
  sms?: SmsTransport & { sent: SmsMessage[] };
}

/** The real Fastify app on an in-memory database, with a tiny built client in a temporary folder. */
export async function buildTestApp(options: TestAppOptions = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-app-'));
  const clientDir = join(folder, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), options.indexHtml ?? INDEX_HTML);
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app");');
  if (options.manifest) {
    mkdirSync(join(clientDir, '.vite'));
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(options.manifest));
  }
  const db = options.db ?? createTestDb();
  const env = testEnv({ UPLOADS_DIR: join(folder, 'uploads'), ...options.env });
  const mailer = options.mailer ?? createMemoryMailer();
  const sms = options.sms ?? createMemorySmsTransport();
  const ssrDir = options.ssrDir ?? join(folder, 'no-renderer');
  const app = await buildApp({
    db,
    env,
    clientDir,
    ssrDir,
    mailer,
    sms,
    logger: false,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  await app.ready();
  return { app, db, env, mailer, sms };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** `buildTestApp` for a test file whose apps are closed after each test (call it at the file's top level). */
export function testAppsClosedAfterEach(): () => Promise<TestApp> {
  let opened: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(opened.map(({ app }) => app.close()));
    opened = [];
  });
  return async () => {
    const test = await buildTestApp();
    opened.push(test);
    return test;
  };
}

/** Headers a same-origin browser request carries. */
export const sameOrigin = { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' } as const;

/** The session cookie from a response's Set-Cookie header, ready to send back. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.find((c) => c.startsWith('codka_session=')) : setCookie;
  const value = header?.split(';')[0];
  if (!value?.startsWith('codka_session=')) throw new Error(`no session cookie in ${String(setCookie)}`);
  return value;
}

/** A tRPC mutation body as the client sends it (superjson). */
export function trpcBody(input: unknown): string {
  return JSON.stringify({ json: input });
}

/** Steps a session up through auth.stepUp over HTTP, as the admin's password dialog does (takes about 1 s). */
export async function stepUpOverHttp(
  app: { inject: (options: object) => Promise<{ statusCode: number; body: string }> },
  cookie: string,
  password: string,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.stepUp',
    headers: { 'content-type': 'application/json', ...sameOrigin, cookie },
    payload: trpcBody({ password }),
  });
  if (response.statusCode !== 200) throw new Error(`step-up refused: ${response.body}`);
}
