import { newMapSettings, sessions, siteSettings, users } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  sameOrigin,
  sessionCookieFrom,
  TEST_ORIGIN,
  testPageHtml,
  trpcBody,
} from '../helpers/app';
import { createUser, uniqueEmail } from '../helpers/factories';

const json = { 'content-type': 'application/json' };

async function signIn(app: Awaited<ReturnType<typeof buildTestApp>>['app'], email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { ...json, ...sameOrigin },
    payload: trpcBody({ email, password }),
  });
  expect(response.statusCode).toBe(200);
  return { response, cookie: sessionCookieFrom(response.headers['set-cookie']) };
}

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, and not Secure on http', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const { response } = await signIn(app, user.email, user.password);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^codka_session=[a-z2-9]{24}\.[a-z2-9]{24};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
  });

  it('is Secure when the public origin is https', async () => {
    const { app, db } = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://codka.example' } });
    const user = await createUser(db);
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { ...json, origin: 'https://codka.example' },
      payload: trpcBody({ email: user.email, password: user.password }),
    });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('carries the session to auth.session, and sign-out ends it on the server', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const { cookie } = await signIn(app, user.email, user.password);
    const session = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
    expect(session.json().result.data.json.user.email).toBe(user.email);
    const out = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: { ...json, ...sameOrigin, cookie },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/codka_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(db.select().from(sessions).all()).toHaveLength(0);
    const after = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
    expect(after.json().result.data.json.user).toBeNull();
  });
});

describe('CSRF', () => {
  const crossSite = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site', origin: TEST_ORIGIN }],
    ['no Origin and no Sec-Fetch-Site', {}],
  ] as const;

  it.each(crossSite)('refuses a JSON mutation with %s and changes nothing', async (_label, headers) => {
    const { app, db } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { ...json, ...headers },
      payload: trpcBody({ email: uniqueEmail(), password: 'sesame-41' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Cross-site requests are not allowed.',
        errorCode: 'request.crossSite',
        params: {},
      },
    });
    expect(db.select().from(users).all()).toHaveLength(0);
  });

  it('refuses a cross-site multipart form post to a no-input mutation, keeping the session', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const { cookie } = await signIn(app, user.email, user.password);
    const boundary = '----codka';
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: 'https://evil.example',
        cookie,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(403);
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it('refuses a cross-site urlencoded form post', async () => {
    const { app, db } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'email=a%40b.example&password=secret1',
    });
    expect(response.statusCode).toBe(403);
    expect(db.select().from(users).all()).toHaveLength(0);
  });

  it('accepts a same-origin request by Sec-Fetch-Site alone or by Origin alone', async () => {
    const { app } = await buildTestApp();
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: TEST_ORIGIN }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: { ...json, ...headers },
        payload: trpcBody({ email: uniqueEmail(), password: 'sesame-41' }),
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('errors over HTTP', () => {
  it('answers bad input with the spec message and a 4xx, without a stack trace', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { ...json, ...sameOrigin },
      payload: trpcBody({ email: uniqueEmail(), password: '123' }),
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error.json;
    expect(error.message).toBe('Password must be at least 6 characters');
    expect(error.data.fieldErrors).toEqual({ password: 'Password must be at least 6 characters' });
    expect(response.body).not.toMatch(/stack|at .*\.ts:\d+/);
  });

  it('answers wrong credentials with 401 and the message', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { ...json, ...sameOrigin },
      payload: trpcBody({ email: uniqueEmail(), password: 'whatever' }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.json.message).toBe('Invalid login credentials');
  });

  it.each([
    ['broken JSON', '{"json": {', 400],
    ['a wrong type', JSON.stringify({ json: { email: 42, password: ['x'] } }), 400],
    ['a huge string', trpcBody({ email: `${'a'.repeat(5000)}@x.example`, password: 'sesame-41' }), 400],
    ['an oversized body', trpcBody({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }), 413],
  ])('answers %s with %i JSON', async (_label, payload, status) => {
    const { app, db } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { ...json, ...sameOrigin },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(db.select().from(users).all()).toHaveLength(0);
  });

  it('answers an unknown procedure with a JSON 404', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/trpc/auth.nothingHere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('rejects a mutation sent as a query', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/trpc/auth.signOut' });
    expect(response.statusCode).toBe(405);
  });
});

describe('routes', () => {
  it('answers /healthz with ok while the database answers', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /healthz with 503 when the database is gone', async () => {
    const { app, db } = await buildTestApp();
    db.$client.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
  });

  it.each(['/', '/elections', '/parliament-members?region=Puntland', '/admin/users', '/states/banadir'])(
    'serves %s as a page of the site',
    async (url) => {
      const { app } = await buildTestApp();
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(testPageHtml('en'));
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/api/elections', '/trpc', '/uploads/missing.webp'])(
    'answers unknown API path %s with JSON 404',
    async (url) => {
      const { app } = await buildTestApp();
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error.code).toBe('NOT_FOUND');
    },
  );

  it('answers POST to an unknown page with JSON 404, not HTML', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/elections', headers: sameOrigin });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('caches hashed assets for a year', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('security headers', () => {
  it('sets a strict CSP and the usual protections', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('default theme', () => {
  it('writes the admin-chosen default theme into the page, so the first paint uses it', async () => {
    const { app, db } = await buildTestApp();
    db.insert(siteSettings).values({ id: 1, defaultTheme: 'dark' }).run();
    const response = await app.inject({ method: 'GET', url: '/elections' });
    expect(response.body).toContain('<meta name="codka-default-theme" content="dark" />');
  });
});

describe('map image hosts in the CSP', () => {
  it('allows images from the configured tile host and nothing else outside', async () => {
    const { app, db } = await buildTestApp();
    db.insert(newMapSettings)
      .values({
        tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        attribution: 'x',
        defaultZoom: 6,
        centerLat: 5,
        centerLng: 46,
      })
      .run();
    const response = await app.inject({ method: 'GET', url: '/' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim()).toBe("img-src 'self' data: blob: https://*.tiles.example.org");
  });

  it('allows a fallback image host written in capitals: the parsed scheme decides https', async () => {
    const { app, db } = await buildTestApp();
    db.insert(newMapSettings)
      .values({
        tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
        fallbackImageUrl: 'HTTPS://Images.Example.org/somalia.png',
        attribution: 'x',
        defaultZoom: 6,
        centerLat: 5,
        centerLng: 46,
      })
      .run();
    const response = await app.inject({ method: 'GET', url: '/' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim()).toBe(
      "img-src 'self' data: blob: https://tiles.example.org https://images.example.org",
    );
  });
});
