import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * The built site under its strict CSP in a real browser: no page trips a CSP rule (an inline script the
 * build slipped in would), and a page on another port of the same host (same-site, so the browser sends the
 * SameSite=Lax cookie) cannot sign a citizen out or vote for them.
 */
const { openPage, origin } = setupE2E();

declare global {
  interface Window {
    cspViolations: string[];
  }
}

let attacker: Server;
let attackerOrigin = '';

beforeAll(async () => {
  attacker = createServer((request, response) => {
    const target = origin();
    const pages: Record<string, string> = {
      '/form': `<form method="POST" action="${target}/trpc/auth.signOut" enctype="multipart/form-data">
        <input name="x" value="1"></form><script>document.forms[0].submit()</script>`,
      '/fetch': `<p id="done">sending</p><script>
        const body = JSON.stringify({ json: { email: 'x@evil.example', password: 'secret12' } });
        Promise.allSettled([
          fetch('${target}/trpc/auth.signOut', { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }),
          fetch('${target}/trpc/auth.signUp', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }),
        ]).then(() => { document.getElementById('done').textContent = 'sent'; });
      </script>`,
    };
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><body>${pages[request.url ?? ''] ?? ''}</body></html>`);
  });
  await new Promise<void>((resolveListen) => attacker.listen(0, '127.0.0.1', resolveListen));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolveClose) => attacker.close(() => resolveClose())));

describe('the built site under its CSP', () => {
  it('serves pages whose scripts are all files, with the strict headers', async () => {
    const response = await fetch(`${origin()}/parliament-members`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    // Files from the site, and the page's own inline scripts (React Router's) by their hashes: nothing else.
    const sources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      if (/\bsrc="\/[^"]+"/.test(attributes ?? '')) {
        expect(body?.trim()).toBe('');
        continue;
      }
      const hash = createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64');
      expect(sources).toContain(`'sha256-${hash}'`);
    }
    expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  });

  it('loads public and admin pages without a single CSP violation', async () => {
    const { page } = await openPage();
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    const publicPages = [
      '/',
      '/parliament-members',
      '/senators',
      '/regions',
      '/polls/presidential/history',
      '/auth',
    ];
    for (const path of publicPages) {
      await visit(page, path);
      await page.getByRole('banner').waitFor();
      await page.waitForLoadState('networkidle');
      expect((await page.evaluate(() => window.cspViolations)).join('\n'), path).toBe('');
    }
    await signIn(page, DEMO_ADMIN);
    for (const path of ['/elections', '/admin/elections', '/admin/polls']) {
      await visit(page, path);
      await page.waitForLoadState('networkidle');
      expect((await page.evaluate(() => window.cspViolations)).join('\n'), path).toBe('');
    }
  });
});

describe('a page on another port of the same host', () => {
  async function signedInCitizen() {
    const testPage = await openPage();
    await signIn(testPage.page, DEMO_CITIZEN);
    return testPage;
  }
  const sessionUser = async (testPage: Awaited<ReturnType<typeof openPage>>) => {
    const response = await testPage.page.request.get(`${origin()}/trpc/auth.session`);
    return (await response.json()).result.data.json.user;
  };

  it('cannot sign a citizen out with a form it submits', async () => {
    const testPage = await signedInCitizen();
    testPage.allowResourceError(403, '/trpc/auth.signOut', 'the cross-site form post this test sends');
    // The refusal is shown as a document of its own, for which the browser may ask /favicon.ico: an unknown
    // address, answered 404 since the server renders pages.
    testPage.allowResourceError(404, '/favicon.ico', 'the browser’s own request for the refusal document');
    const refused = testPage.page.waitForResponse((response) =>
      response.url().endsWith('/trpc/auth.signOut'),
    );
    await testPage.page.goto(`${attackerOrigin}/form`);
    const response = await refused;
    expect(response.status()).toBe(403);
    // SameSite=Lax lets the cookie go along (same site, other port): only the CSRF check stops this.
    expect((await response.request().allHeaders()).cookie).toMatch(/codka_session=/);
    await testPage.page.getByText('Cross-site requests are not allowed.').waitFor();
    expect((await sessionUser(testPage))?.email).toBe(DEMO_CITIZEN.email);
  });

  it('cannot sign a citizen out or sign up with fetch', async () => {
    const testPage = await signedInCitizen();
    await testPage.page.goto(`${attackerOrigin}/fetch`);
    await testPage.page.getByText('sent').waitFor();
    // Cross-Origin-Resource-Policy hides even the refusal from the other page; Chromium logs that as an error.
    const hidden = /ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin .*\/trpc\/auth\.sign(Out|Up)\)$/;
    expect(testPage.problems.filter((problem) => hidden.test(problem))).toHaveLength(2);
    testPage.problems.splice(
      0,
      testPage.problems.length,
      ...testPage.problems.filter((p) => !hidden.test(p)),
    );
    expect((await sessionUser(testPage))?.email).toBe(DEMO_CITIZEN.email);
    const signUp = await testPage.page.request.post(`${origin()}/trpc/auth.signIn`, {
      headers: { origin: origin(), 'content-type': 'application/json' },
      data: { json: { email: 'x@evil.example', password: 'secret12' } },
    });
    // The account the page tried to create does not exist.
    expect(signUp.status()).toBe(401);
  });
});
