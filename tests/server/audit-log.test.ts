import type { Db } from '@server/db/client';
import { auditLogs, profiles } from '@server/db/schema';
import { AUDIT_LOG_CSV_COLUMNS } from '@server/http/audit-log-csv';
import { deleteCandidate } from '@server/services/admin/candidates';
import { createDistrict, updateDistrict } from '@server/services/admin/districts';
import { setUserActive } from '@server/services/admin/users';
import { recordAudit } from '@server/services/audit';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError, unlockedAdmin } from '../helpers/admin';
import { buildTestApp, sameOrigin, sessionCookieFrom, stepUpOverHttp, trpcBody } from '../helpers/app';
import { createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';

const json = (text: string | null | undefined) => (text ? JSON.parse(text) : null);

function lastEntry(db: Db) {
  return db.select().from(auditLogs).orderBy(auditLogs.id).all().at(-1);
}

describe('the audit log keeps what a record was before an admin changed it', () => {
  it('records the old and new values of an edit, only the fields it changed', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const district = createDistrict(
      deps.db,
      { name: 'Hodan', code: 'HDN', region: 'Banadir', population: 1000 },
      admin.id,
    );
    updateDistrict(
      deps.db,
      { id: district.id, name: 'Hodan', code: 'HDN', region: 'Banadir', population: 2500 },
      admin.id,
    );
    const entry = lastEntry(deps.db);
    expect(entry).toMatchObject({ action: 'update', tableName: 'districts', recordId: district.id });
    expect(json(entry?.oldValues)).toEqual({
      name: 'Hodan',
      code: 'HDN',
      region: 'Banadir',
      population: 1000,
    });
    expect(json(entry?.newValues)).toMatchObject({ population: 2500 });
  });

  it('records the whole record of a delete, and a deactivation’s earlier state', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { candidates } = createElection(deps.db, { candidateCount: 2 });
    const candidate = candidates[0];
    if (!candidate) throw new Error('no candidate');
    deleteCandidate(deps.db, candidate.id, admin.id);
    const removed = json(lastEntry(deps.db)?.oldValues);
    expect(removed).toMatchObject({ id: candidate.id, name: candidate.name, orderIndex: 1 });

    const citizen = await createUser(deps.db);
    const profile = deps.db.select().from(profiles).where(eq(profiles.userId, citizen.id)).get();
    setUserActive(deps.db, profile?.id ?? '', false, admin.id);
    expect(json(lastEntry(deps.db)?.oldValues)).toEqual({ isActive: true });
    expect(json(lastEntry(deps.db)?.newValues)).toEqual({ isActive: false });
  });

  it('never copies a secret from the record', () => {
    const deps = createTestDeps();
    recordAudit(deps.db, {
      action: 'delete',
      tableName: 'users',
      recordId: 'u1',
      before: {
        email: 'a@b.so',
        passwordHash: '$argon2id$…',
        secretHash: Buffer.from('x'),
        sessionToken: 't',
      },
      actorId: null,
    });
    expect(json(lastEntry(deps.db)?.oldValues)).toEqual({ email: 'a@b.so' });
  });
});

/** Four entries by two admins over three days in East Africa Time (UTC+3). */
async function history(db: Db) {
  const first = await createAdmin(db);
  const second = await createAdmin(db);
  const rows = [
    {
      action: 'create',
      tableName: 'elections',
      recordId: 'e1',
      actorId: first.id,
      at: '2026-11-01T20:59:00Z',
    },
    {
      action: 'update',
      tableName: 'elections',
      recordId: 'e1',
      actorId: second.id,
      at: '2026-11-01T21:00:00Z',
    },
    { action: 'update', tableName: 'polls', recordId: 'p1', actorId: first.id, at: '2026-11-02T12:00:00Z' },
    { action: 'delete', tableName: 'polls', recordId: 'p1', actorId: second.id, at: '2026-11-03T20:59:59Z' },
  ];
  for (const row of rows) {
    db.insert(auditLogs)
      .values({ ...row, newValues: '{}', createdAt: new Date(row.at) })
      .run();
  }
  return { first, second };
}

describe('admin.auditLog.list filters', () => {
  it('by day (East Africa Time), actor, action, table and record', async () => {
    const deps = createTestDeps();
    const { first, second } = await history(deps.db);
    const { caller, admin } = await unlockedAdmin(deps);
    const ids = async (filters: object) =>
      (await caller.admin.auditLog.list({ limit: 50, ...filters })).entries
        .filter((entry) => entry.actorId !== admin.id)
        .map((entry) => `${entry.tableName}:${entry.action}`);

    // 20:59 UTC on 1 November is 23:59 on the 1st in Mogadishu; 21:00 is already the 2nd.
    expect(await ids({ from: '2026-11-02', to: '2026-11-02' })).toEqual(['polls:update', 'elections:update']);
    expect(await ids({ to: '2026-11-01' })).toEqual(['elections:create']);
    expect(await ids({ from: '2026-11-03' })).toEqual(['polls:delete']);
    expect(await ids({ actorId: first.id })).toEqual(['polls:update', 'elections:create']);
    expect(await ids({ actorId: second.id, action: 'delete' })).toEqual(['polls:delete']);
    expect(await ids({ tableName: 'elections', recordId: 'e1' })).toEqual([
      'elections:update',
      'elections:create',
    ]);

    const filters = await caller.admin.auditLog.filters();
    expect(filters.actors.map((actor) => actor.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('refuses a day that is not a date, and a last day before the first, with a sentence', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    await expectTrpcError(
      caller.admin.auditLog.list({ limit: 10, from: '2026-02-30' }),
      'BAD_REQUEST',
      'Enter the date as year-month-day (for example 2026-11-29).',
    );
    await expectTrpcError(
      caller.admin.auditLog.list({ limit: 10, from: '2026-11-03', to: '2026-11-01' }),
      'BAD_REQUEST',
      'The first day must not be after the last day.',
    );
  });
});

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];
async function cookieFor(app: TestApp, user: TestUser, stepUp: boolean): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { 'content-type': 'application/json', ...sameOrigin },
    payload: trpcBody({ email: user.email, password: user.password }),
  });
  const cookie = sessionCookieFrom(response.headers['set-cookie']);
  if (stepUp) await stepUpOverHttp(app, cookie, user.password);
  return cookie;
}

describe('GET /api/admin/audit-log.csv', () => {
  it('exports the filtered log with old and new values, every cell spreadsheet-safe', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const { first } = await history(db);
    db.insert(auditLogs)
      .values({
        action: '=HYPERLINK("http://evil.example","x")',
        tableName: '+cmd',
        recordId: '@SUM(A1)',
        oldValues: '-2+3',
        newValues: '\tdata',
        actorId: first.id,
        createdAt: new Date('2026-11-02T13:00:00Z'),
      })
      .run();
    const cookie = await cookieFor(app, await createAdmin(db), true);

    const response = await app.inject({
      url: `/api/admin/audit-log.csv?from=2026-11-02&to=2026-11-02&actorId=${first.id}&action=&unknown=1`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="codka-audit-log-[\d-]+\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows: string[][] = parse(response.body, { bom: true, relax_quotes: true });
    expect(rows[0]).toEqual(AUDIT_LOG_CSV_COLUMNS);
    expect(rows.slice(1)).toEqual([
      [
        '2026-11-02T13:00:00.000Z',
        first.email,
        first.id,
        `'=HYPERLINK("http://evil.example","x")`,
        "'+cmd",
        "'@SUM(A1)",
        "'-2+3",
        "'\tdata",
      ],
      ['2026-11-02T12:00:00.000Z', first.email, first.id, 'update', 'polls', 'p1', '', '{}'],
    ]);
    await app.close();
  });

  it('refuses a bad filter with a sentence in the reader’s language', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const cookie = await cookieFor(app, await createAdmin(db), true);
    const somali = await app.inject({
      url: '/api/admin/audit-log.csv?from=yesterday',
      headers: { cookie, 'accept-language': 'so' },
    });
    expect(somali.statusCode).toBe(400);
    expect(somali.json().error.message).toBe(
      'Shaandhaynta soo dejinta sax ma aha: Geli taariikhda sida sanad-bil-maalin (tusaale 2026-11-29).',
    );
    const english = await app.inject({
      url: '/api/admin/audit-log.csv?from=2026-11-05&to=2026-11-01',
      headers: { cookie },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toBe(
      "The export's filters are not valid: The first day must not be after the last day.",
    );
    const repeated = await app.inject({
      url: '/api/admin/audit-log.csv?action=a&action=b',
      headers: { cookie },
    });
    expect(repeated.statusCode).toBe(400);
    await app.close();
  });

  it('is for a System Admin who has just confirmed the password', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const get = (cookie?: string) =>
      app.inject({ url: '/api/admin/audit-log.csv', headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(await cookieFor(app, await createUser(db), false))).statusCode).toBe(403);
    const notSteppedUp = await get(await cookieFor(app, await createAdmin(db), false));
    expect(notSteppedUp.statusCode).toBe(428);
    expect(notSteppedUp.json().error.errorCode).toBe('stepUp.required');
    await app.close();
  });
});
