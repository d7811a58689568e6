import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sameOrigin, TEST_ORIGIN } from '../../helpers/app';
import { procedurePaths } from '../../helpers/procedures';
import { changedTables, rowCounts, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { bodyEncodings, encodeInput, routeTable, worldApp } from '../../helpers/security/http';
import { PROCEDURE_CASES } from '../../helpers/security/procedure-cases';
import { procedureType } from '../../helpers/security/procedure-defs';
import { settlePhotoJobs } from '../../helpers/security/world-extras';

/**
 * A page on another site posting to us with the victim's cookie (OWASP ASVS V50/V4 CSRF). Every request
 * below carries a System Admin's session that has passed the dashboard's step-up, and a valid input: only
 * the CSRF check stands between it and a change.
 */
const CROSS_SITE: [string, Record<string, string>][] = [
  ['a modern browser on another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain', { origin: 'https://x.localhost:3000', 'sec-fetch-site': 'same-site' }],
  ['an older browser (Origin only)', { origin: 'https://evil.example' }],
  ['a sandboxed frame (Origin: null)', { origin: 'null' }],
  ['an origin that starts like ours', { origin: `${TEST_ORIGIN}.evil.example` }],
  ['a typed or bookmarked request', { 'sec-fetch-site': 'none' }],
  ['neither Origin nor Sec-Fetch-Site', {}],
];
const REFUSAL = {
  error: {
    code: 'FORBIDDEN',
    message: 'Cross-site requests are not allowed.',
    errorCode: 'request.crossSite',
    params: {},
  },
};

const mutations = procedurePaths().filter((path) => procedureType(path) === 'mutation');
const tally = { requests: 0, mutations: mutations.length, plainRoutes: 0 };

describe('CSRF: cross-site requests change nothing', () => {
  it.each(mutations)('%s: every encoding from every cross-site context answers 403', async (path) => {
    const { app, db, world, adminCookie } = await worldApp();
    const input = await PROCEDURE_CASES[path]?.input?.(world, 1, world.users.admin);
    const before = snapshot(db);
    const counts = rowCounts(db);
    for (const encoding of bodyEncodings(input)) {
      for (const [context, headers] of CROSS_SITE) {
        const response = await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': encoding.contentType, cookie: adminCookie },
          payload: encoding.payload,
        });
        tally.requests += 1;
        expect(`${encoding.name} from ${context}: ${response.statusCode}`).toBe(
          `${encoding.name} from ${context}: 403`,
        );
        expect(response.json()).toEqual(REFUSAL);
      }
    }
    // A link or an image on another site sends a GET, which never runs a mutation.
    const get = await app.inject({
      method: 'GET',
      url: `/trpc/${path}?input=${encodeURIComponent(encodeInput(input))}`,
      headers: { 'sec-fetch-site': 'cross-site', cookie: adminCookie },
    });
    tally.requests += 1;
    expect(get.statusCode).toBe(405);
    expect(rowCounts(db)).toEqual(counts);
    expect(changedTables(before, snapshot(db))).toEqual([]);
    await app.close();
  });

  it.each(mutations)('%s: the same request from our own pages goes through (the control)', async (path) => {
    const { app, db, world, adminCookie } = await worldApp();
    const input = await PROCEDURE_CASES[path]?.input?.(world, 1, world.users.admin);
    const response = await app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...sameOrigin, 'content-type': 'application/json', cookie: adminCookie },
      payload: encodeInput(input),
    });
    expect(response.statusCode, response.body).toBe(200);
    await settlePhotoJobs(db);
    await app.close();
  });

  it('refuses a cross-site batch of every mutation, and every other method on /trpc', async () => {
    const { app, db, adminCookie } = await worldApp();
    const before = snapshot(db);
    const batch = await app.inject({
      method: 'POST',
      url: `/trpc/${mutations.join(',')}?batch=1`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: adminCookie },
      payload: '{}',
    });
    expect(batch.statusCode).toBe(403);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/trpc/auth.signOut',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: adminCookie },
        payload: '{}',
      });
      expect(`${method}: ${response.statusCode}`).toBe(`${method}: 403`);
    }
    tally.requests += 4;
    expect(changedTables(before, snapshot(db))).toEqual([]);
    await app.close();
  });

  it('refuses cross-site writes to every plain route, read from the route table', async () => {
    const { app, db, world, adminCookie } = await worldApp();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = '----codkaimage';
    const upload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const writes = routeTable(app).flatMap((route) =>
      route.methods
        .filter(
          (method) =>
            !['GET', 'HEAD', 'OPTIONS'].includes(method) &&
            !route.path.startsWith('/trpc/') &&
            // The gateway's callback: no cookie, its own key (the test below).
            route.path !== '/api/ussd',
        )
        .map((method) => ({ method, path: route.path })),
    );
    expect(writes).toContainEqual({ method: 'POST', path: '/api/admin/candidates/:id/image' });
    expect(writes).toContainEqual({ method: 'POST', path: '/api/admin/elections/:id/public-credentials' });
    expect(writes).toContainEqual({
      method: 'POST',
      path: '/api/admin/elections/:id/public-credentials/uploads/:upload/parts/:index',
    });
    // The catch-all for unknown paths, too: a write to a page that does not exist changes nothing either.
    writes.push({ method: 'POST', path: '/' }, { method: 'DELETE', path: '/api/anything' });
    const before = snapshot(db);
    for (const { method, path } of writes) {
      const url = path.replace(/:[a-zA-Z]+/g, world.elections.activeCandidateId).replace(/\*$/, 'x');
      for (const [context, headers] of CROSS_SITE) {
        const response = await app.inject({
          method: method as 'POST',
          url,
          headers: {
            ...headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            cookie: adminCookie,
          },
          payload: upload,
        });
        tally.requests += 1;
        expect(`${method} ${url} from ${context}: ${response.statusCode}`).toBe(
          `${method} ${url} from ${context}: 403`,
        );
      }
    }
    tally.plainRoutes = writes.length;
    expect(changedTables(before, snapshot(db))).toEqual([]);
    await app.close();
  });

  it('lets no other site read the audit log export: a cross-site GET downloads nothing it can see and changes nothing', async () => {
    const { app, db, adminCookie } = await worldApp();
    const before = snapshot(db);
    for (const [context, headers] of CROSS_SITE) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/audit-log.csv',
        headers: { ...headers, cookie: adminCookie },
      });
      tally.requests += 1;
      // No CORS grant: a page on another origin cannot read the answer, only the admin's own browser saves it.
      expect(`${context}: ${response.headers['access-control-allow-origin'] ?? 'none'}`).toBe(
        `${context}: none`,
      );
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    }
    expect(changedTables(before, snapshot(db))).toEqual([]);
    await app.close();
  });

  it('lets the USSD callback ignore Origin (gateways send none) yet act for no cookie, and refuse without its key', async () => {
    const { app, db, adminCookie } = await worldApp({ USSD_KEY: 'csrf-ussd-key-0123456789' });
    const before = snapshot(db);
    const form = 'sessionId=csrf-1&serviceCode=*384%23&phoneNumber=%2B252615000002&text=9';
    for (const [context, headers] of CROSS_SITE) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/ussd',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie },
        payload: form,
      });
      expect(`${context}: ${refused.statusCode}`).toBe(`${context}: 404`);
      const keyed = await app.inject({
        method: 'POST',
        url: '/api/ussd?key=csrf-ussd-key-0123456789',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie },
        payload: form,
      });
      tally.requests += 2;
      expect(keyed.statusCode).toBe(200);
      expect(keyed.body).toMatch(/^CON Codka/);
      expect(keyed.headers['set-cookie']).toBeUndefined();
    }
    // The session it opened, and nothing the admin's cookie could have reached.
    expect(changedTables(before, snapshot(db)).filter((table) => table !== 'ussd_sessions')).toEqual([]);
    await app.close();
  });

  afterAll(() => {
    if (tally.requests === 0) return;
    reportFigures(
      'csrf',
      `CSRF: ${tally.requests} cross-site requests (${tally.mutations} mutations × 4 encodings × ` +
        `${CROSS_SITE.length} contexts, GETs, batches, ${tally.plainRoutes} plain routes): all 403 or 405, no row changed`,
      { ...tally, contexts: CROSS_SITE.length, encodings: 4 },
    );
  });
});
