import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '@server/app';
import { testEnv } from '@server/env';
import { describe, expect, it } from 'vitest';
import { keyFromUri, totpAt } from '../helpers/account';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody, writeTestSite } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createAdmin, createUser } from '../helpers/factories';

const json = { 'content-type': 'application/json' };
type App = Awaited<ReturnType<typeof buildApp>>;

function post(app: App, path: string, input: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...json, ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: trpcBody(input),
  });
}

async function signIn(app: App, account: { email: string; password: string }) {
  const response = await post(app, 'auth.signIn', { email: account.email, password: account.password });
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response.headers['set-cookie']);
}

async function sessionUser(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
  return response.json().result.data.json.user as { id: string } | null;
}

describe('password change over HTTP', () => {
  it('ends the other sessions of the account and keeps the one that changed it', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const phone = await signIn(app, user);
    const laptop = await signIn(app, user);

    const change = await post(
      app,
      'auth.changePassword',
      { currentPassword: user.password, newPassword: 'changed over http' },
      laptop,
    );

    expect(change.statusCode).toBe(200);
    expect(change.headers['set-cookie']).toBeUndefined();
    expect((await sessionUser(app, laptop))?.id).toBe(user.id);
    expect(await sessionUser(app, phone)).toBeNull();
  });

  it('answers a wrong current password with 400 and the message', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const cookie = await signIn(app, user);
    const change = await post(
      app,
      'auth.changePassword',
      { currentPassword: 'nope', newPassword: 'whatever-91' },
      cookie,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().error.json.message).toBe('Your current password is incorrect.');
  });
});

describe('logs', () => {
  /** The real app on a fresh database, every log line (trace and up) kept in `lines`. */
  async function appLoggingTo(extraEnv: Record<string, string> = {}) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const folder = mkdtempSync(join(tmpdir(), 'codka-logs-'));
    const env = testEnv({ LOG_LEVEL: 'trace', UPLOADS_DIR: join(folder, 'uploads'), ...extraEnv });
    const db = createTestDb();
    const app = await buildApp({
      db,
      env,
      siteDir: writeTestSite(join(folder, 'site')),
      logger: { ...(loggerOptions(env) as object), stream },
    });
    await app.ready();
    return { app, db, lines };
  }

  it('never carry a session token, through sign-in, use, two-factor sign-in, password change and sign-out', async () => {
    const { app, db, lines } = await appLoggingTo();
    const user = await createUser(db);
    const admin = await createAdmin(db);

    const cookies = [await signIn(app, user)];
    await sessionUser(app, cookies[0] ?? '');
    await post(
      app,
      'auth.changePassword',
      { currentPassword: user.password, newPassword: 'logged nowhere' },
      cookies[0],
    );

    const adminCookie = await signIn(app, admin);
    const begin = await post(app, 'auth.twoFactor.begin', { password: admin.password }, adminCookie);
    const uri: string = begin.json().result.data.json.uri;
    const key = keyFromUri(uri);
    await post(app, 'auth.twoFactor.confirm', { password: admin.password, code: totpAt(key) }, adminCookie);
    const pending = await post(app, 'auth.signIn', { email: admin.email, password: admin.password });
    const pendingToken: string = pending.json().result.data.json.pendingToken;
    const second = await post(app, 'auth.signInTwoFactor', {
      pendingToken,
      code: totpAt(key, Date.now() + 30_000),
    });
    expect(second.statusCode).toBe(200);
    cookies.push(adminCookie, sessionCookieFrom(second.headers['set-cookie']));
    await post(app, 'auth.signOut', undefined, cookies[2]);
    await app.close();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('/trpc/auth.signIn');
    for (const cookie of cookies) {
      const token = cookie.split('=')[1] ?? '';
      const [id, secret] = token.split('.');
      expect(token).toMatch(/^[a-z2-9]{24}\.[a-z2-9]{24}$/);
      expect(log).not.toContain(id);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(pendingToken.split('.')[1]);
    expect(log).not.toContain('codka_session=');
  });

  it('never carry a query string, not even a refused cross-site request’s (a gateway key at a near-miss address)', async () => {
    const { app, lines } = await appLoggingTo({ USSD_KEY: 'gateway-key-1234567890' });
    for (const url of ['/api/ussd/?key=gateway-key-1234567890', '/api/USSD?key=gateway-key-1234567890']) {
      const answer = await app.inject({ method: 'POST', url, payload: 'sessionId=1' });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    await app.close();
    const log = lines.join('');
    expect(log).toContain('cross-site request refused');
    expect(log).not.toContain('gateway-key-1234567890');
  });
});
