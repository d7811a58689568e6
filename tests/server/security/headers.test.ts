import { describe, expect, it } from 'vitest';
import { sameOrigin, sessionCookieFrom, trpcBody } from '../../helpers/app';
import { worldApp } from '../../helpers/security/http';

/**
 * Security headers on every kind of answer, not only the home page (tests/server/http.test.ts checks that one),
 * and the session cookie from every procedure that sets it (OWASP ASVS V3.4, V14.4).
 */
type Built = Awaited<ReturnType<typeof worldApp>>;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** One request of each kind the server answers: page, asset, API success and error, refusal, upload, download. */
function samples(test: Built) {
  const json = { ...sameOrigin, 'content-type': 'application/json' };
  return [
    ['the SPA page', { method: 'GET', url: '/elections' }],
    ['a hashed asset', { method: 'GET', url: '/assets/app-abc123.js' }],
    ['a tRPC query', { method: 'GET', url: '/trpc/auth.session', headers: { cookie: test.citizenCookie } }],
    ['a tRPC error', { method: 'GET', url: '/trpc/votes.mine' }],
    ['a tRPC mutation', { method: 'POST', url: '/trpc/auth.signOut', headers: json, payload: '{}' }],
    [
      'a CSRF refusal',
      { method: 'POST', url: '/trpc/auth.signOut', headers: { origin: 'https://evil.example' } },
    ],
    ['an unknown API path', { method: 'GET', url: '/api/nothing' }],
    [
      'an oversized body',
      { method: 'POST', url: '/trpc/auth.signUp', headers: json, payload: 'x'.repeat(1_100_000) },
    ],
    ['the health check', { method: 'GET', url: '/healthz' }],
    [
      'the CSV export',
      {
        method: 'GET',
        url: `/api/admin/polls/${test.world.polls.closedId}/votes.csv`,
        headers: { cookie: test.adminCookie },
      },
    ],
  ] as const;
}

describe('security headers on every kind of answer', () => {
  it('sends the strict CSP, nosniff, a referrer policy and framing refusal everywhere, and no HSTS on http', async () => {
    const test = await worldApp();
    for (const [label, request] of samples(test)) {
      const response = await test.app.inject(request);
      const csp = directives(String(response.headers['content-security-policy']));
      const scripts = csp.get('script-src') ?? [];
      expect(scripts, label).toEqual(["'self'"]);
      expect(csp.get('default-src'), label).toEqual(["'self'"]);
      expect(csp.get('object-src'), label).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
      expect(csp.get('base-uri'), label).toEqual(["'self'"]);
      expect(csp.get('form-action'), label).toEqual(["'self'"]);
      expect(csp.get('connect-src'), label).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests'), label).toBe(false);
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], label).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy'], label).toBe('same-origin');
      expect(response.headers['x-powered-by'], label).toBeUndefined();
      expect(response.headers['strict-transport-security'], label).toBeUndefined();
    }
    await test.app.close();
  });

  it('sends HSTS for a year with subdomains, and upgrade-insecure-requests, on every answer when the origin is https', async () => {
    const test = await worldApp({ PUBLIC_ORIGIN: 'https://codka.example' });
    for (const [label, request] of samples(test)) {
      const response = await test.app.inject(request);
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), label).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, label).toContain('includeSubDomains');
      expect(
        directives(String(response.headers['content-security-policy'])).has('upgrade-insecure-requests'),
        label,
      ).toBe(true);
    }
    await test.app.close();
  });

  it('keeps API answers out of every cache: they carry who is signed in and their votes', async () => {
    const test = await worldApp();
    for (const url of ['/trpc/auth.session', '/trpc/votes.mine', '/trpc/elections.active']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { cookie: test.citizenCookie } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    await test.app.close();
  });
});

describe('an https origin written in capitals (attack review, 5)', () => {
  it('still gets HSTS, upgrade-insecure-requests and a Secure session cookie', async () => {
    const test = await worldApp({ PUBLIC_ORIGIN: 'HTTPS://CODKA.EXAMPLE' });
    const page = await test.app.inject({ method: 'GET', url: '/elections' });
    expect(page.headers['strict-transport-security']).toContain('includeSubDomains');
    expect(directives(String(page.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(
      true,
    );
    // The browser sends its Origin in lower case: it must match, and the cookie must be Secure.
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { origin: 'https://codka.example', 'content-type': 'application/json' },
      payload: trpcBody({
        email: test.world.users.citizen.email,
        password: test.world.users.citizen.password,
      }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = [signIn.headers['set-cookie']].flat().find((c) => c?.startsWith('codka_session=')) ?? '';
    expect(cookie.split(';').map((part) => part.trim().toLowerCase())).toContain('secure');
    await test.app.close();
  });
});

describe('the session cookie', () => {
  const policies = [
    ['http', 'http://localhost:3000', false],
    ['https', 'https://codka.example', true],
  ] as const;

  it.each(policies)(
    'is HttpOnly, SameSite=Lax, host-only and at most 30 days, Secure only on https (%s)',
    async (_label, origin, secure) => {
      const test = await worldApp({ PUBLIC_ORIGIN: origin });
      const headers = { origin, 'content-type': 'application/json' };
      const signUp = await test.app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers,
        payload: trpcBody({ email: 'cookie.check@test.codka.example', password: 'sesame-412' }),
      });
      const signIn = await test.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers,
        payload: trpcBody({
          email: test.world.users.citizen.email,
          password: test.world.users.citizen.password,
        }),
      });
      // Sign-up starts no session (decision 016): no cookie, for a new address as for an existing one.
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(signUp.headers['set-cookie']).toBeUndefined();
      for (const response of [signIn]) {
        expect(response.statusCode, response.body).toBe(200);
        const cookie =
          [response.headers['set-cookie']].flat().find((c) => c?.startsWith('codka_session=')) ?? '';
        expect(sessionCookieFrom(cookie)).toMatch(/^codka_session=[a-z2-9]{24}\.[a-z2-9]{24}$/);
        const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
        expect(attributes).toContain('httponly');
        expect(attributes).toContain('samesite=lax');
        expect(attributes).toContain('path=/');
        expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
        expect(attributes.includes('secure')).toBe(secure);
        const maxAge = Number(attributes.find((part) => part.startsWith('max-age='))?.slice(8));
        expect(maxAge).toBe(30 * 24 * 3600); // the session's absolute lifetime
      }
      await test.app.close();
    },
  );
});
