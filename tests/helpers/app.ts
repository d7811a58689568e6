import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type DevSite } from '@server/app';
import type { Db } from '@server/db/client';
import { testEnv } from '@server/env';
import { createMemoryMailer, type Mailer, type MailMessage } from '@server/mail/mailer';
import { createMemorySmsTransport, type SmsMessage, type SmsTransport } from '@server/services/sms/transport';
import { afterEach } from 'vitest';
import { createTestDb } from './db';

export const TEST_ORIGIN = 'http://localhost:3000';

/** What every page of a test app's tiny site is (the real site is built for the server-rendering tests only). */
export const testPageHtml = (language: string, defaultTheme = 'system') =>
  `<!doctype html><html lang="${language}"><head><meta name="codka-default-theme" content="${defaultTheme}" /></head><body><main>page</main></body></html>`;

/**
 * A site folder as server/http/ssr.ts loads it, with a page handler that answers every page with testPageHtml
 * and one script file under assets/.
 */
export function writeTestSite(siteDir: string): string {
  mkdirSync(join(siteDir, 'client', 'assets'), { recursive: true });
  mkdirSync(join(siteDir, 'server'), { recursive: true });
  writeFileSync(join(siteDir, 'client', 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(
    join(siteDir, 'server', 'index.cjs'),
    [
      'exports.handlePage = async (_request, context) =>',
      `  new Response(${JSON.stringify(testPageHtml('LANGUAGE', 'THEME'))}`,
      "    .replace('LANGUAGE', context.language).replace('THEME', context.defaultTheme), {",
      "    status: 200, headers: { 'content-type': 'text/html' },",
      '  });',
      '',
    ].join('\n'),
  );
  return siteDir;
}

export interface TestAppOptions {
  db?: Db;
  env?: Record<string, string>;
  /**
   * The site's build (tests/helpers/ssr.ts). Without one, a tiny site whose pages are testPageHtml, whether or
   * not the working copy holds a build in dist/site: the same answers before and after `npm run build`.
   */
  siteDir?: string;
  /** The development server's site instead of a build (server/dev.ts). */
  devSite?: DevSite;
  /** Shortens the time a request may take to arrive (server/app.ts REQUEST_TIMEOUT_MS), for slow-body tests. */
  requestTimeoutMs?: number;
  /** A mail server or SMS gateway of the test's own (a slow one, say); by default ones that keep what they get. */
  mailer?: Mailer & { sent: MailMessage[] };
  sms?: SmsTransport & { sent: SmsMessage[] };
}

/** The real Fastify app on an in-memory database, with a tiny site (writeTestSite) in a temporary folder. */
export async function buildTestApp(options: TestAppOptions = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-app-'));
  const db = options.db ?? createTestDb();
  const env = testEnv({ UPLOADS_DIR: join(folder, 'uploads'), ...options.env });
  const mailer = options.mailer ?? createMemoryMailer();
  const sms = options.sms ?? createMemorySmsTransport();
  const app = await buildApp({
    db,
    env,
    siteDir: options.siteDir ?? writeTestSite(join(folder, 'site')),
    devSite: options.devSite,
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
