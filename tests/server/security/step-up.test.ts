import { profiles, twoFactorAuthenticators } from '@server/db/schema';
import { procedurePolicy, proceduresWith, procedureType } from '@server/routers/policy';
import { STEP_UP_MS, STEP_UP_REQUIRED } from '@server/services/step-up';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrolledAdmin } from '../../helpers/account';
import { callerForToken, expectTrpcError, newSessionToken } from '../../helpers/admin';
import { sameOrigin, sessionCookieFrom, stepUpOverHttp, trpcBody } from '../../helpers/app';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createAdmin, createUser } from '../../helpers/factories';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput, routeTable, worldApp } from '../../helpers/security/http';
import { PROCEDURE_CASES } from '../../helpers/security/procedure-cases';
import { sessionCookie } from '../../helpers/security/world';

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** Whether the session behind `token` may read the audit log (a stepUp query) right now. */
async function auditLogOpen(deps: ReturnType<typeof createTestDeps>, token: string): Promise<boolean> {
  try {
    await callerForToken(deps, token).admin.auditLog.filters();
    return true;
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'PRECONDITION_FAILED') return false;
    throw error;
  }
}

describe('a stolen admin cookie (a session that never stepped up), over real HTTP', () => {
  it('is refused every stepUp procedure with 412, the flag and the sentence, and changes nothing', async () => {
    const test = await worldApp();
    const stolen = sessionCookie(test.db, test.world.users.admin.id);
    const paths = proceduresWith('stepUp');
    expect(paths.length).toBeGreaterThan(30);
    // Inputs first: some make rows of their own (a fresh enrollment code, a pending entry to approve).
    const inputs = new Map<string, unknown>();
    let n = 0;
    for (const path of paths) {
      n += 1;
      inputs.set(path, await PROCEDURE_CASES[path]?.input?.(test.world, n, test.world.users.admin));
    }
    const before = snapshot(test.db);
    for (const path of paths) {
      const input = inputs.get(path);
      const isQuery = procedureType(path) === 'query';
      const response = isQuery
        ? await test.app.inject({
            method: 'GET',
            url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(encodeInput(input))}`}`,
            headers: { cookie: stolen },
          })
        : await test.app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: { ...sameOrigin, 'content-type': 'application/json', cookie: stolen },
            payload: input === undefined ? '' : encodeInput(input),
          });
      expect(`${path}: ${response.statusCode}`).toBe(`${path}: 412`);
      const error = response.json().error.json;
      expect(error.message).toBe(STEP_UP_REQUIRED);
      expect(error.data).toMatchObject({ code: 'PRECONDITION_FAILED', stepUpRequired: true });
    }
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
    reportFigures(
      'step-up',
      `step-up: ${paths.length} procedures refused to an admin cookie without step-up`,
      {
        procedures: paths.length,
      },
    );
    await test.app.close();
  });

  it('is refused every plain admin route (uploads, the CSV exports, the roll and credentials imports) with 428 before the body is read', async () => {
    const test = await worldApp();
    const stolen = sessionCookie(test.db, test.world.users.admin.id);
    const routes = routeTable(test.app).filter((route) => route.path.startsWith('/api/admin/'));
    expect(routes.map((route) => route.path).sort()).toEqual([
      '/api/admin/audit-log.csv',
      '/api/admin/candidates/:id/image',
      '/api/admin/elections/:id/public-credentials',
      '/api/admin/elections/:id/public-credentials/uploads',
      '/api/admin/elections/:id/public-credentials/uploads/:upload/parts/:index',
      '/api/admin/member-photos/:memberType/:memberId/image',
      '/api/admin/polls/:id/votes.csv',
      '/api/admin/voter-roll.csv',
    ]);
    const ids: Record<string, string> = {
      '/api/admin/candidates/:id/image': `/api/admin/candidates/${test.world.elections.activeCandidateId}/image`,
      '/api/admin/elections/:id/public-credentials': `/api/admin/elections/${test.world.elections.draftId}/public-credentials`,
      '/api/admin/elections/:id/public-credentials/uploads': `/api/admin/elections/${test.world.elections.draftId}/public-credentials/uploads`,
      '/api/admin/elections/:id/public-credentials/uploads/:upload/parts/:index': `/api/admin/elections/${test.world.elections.draftId}/public-credentials/uploads/${crypto.randomUUID()}/parts/0`,
      '/api/admin/member-photos/:memberType/:memberId/image': `/api/admin/member-photos/parliament/${test.world.photos.memberId}/image`,
      '/api/admin/polls/:id/votes.csv': `/api/admin/polls/${test.world.polls.closedId}/votes.csv`,
    };
    const before = snapshot(test.db);
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m === 'GET' || m === 'POST')) {
        const boundary = '----stolen';
        const response = await test.app.inject({
          method: method as 'GET' | 'POST',
          url: ids[route.path] ?? route.path,
          headers: {
            ...sameOrigin,
            cookie: stolen,
            ...(method === 'POST' ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : {}),
          },
          ...(method === 'POST'
            ? {
                payload: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot really\r\n--${boundary}--\r\n`,
              }
            : {}),
        });
        expect(`${method} ${route.path}: ${response.statusCode}`).toBe(`${method} ${route.path}: 428`);
        expect(response.json().error).toEqual({
          code: 'PRECONDITION_REQUIRED',
          message: STEP_UP_REQUIRED,
          errorCode: 'stepUp.required',
          params: {},
          stepUpRequired: true,
        });
        expect(response.body).not.toContain('Vote ID');
      }
    }
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
    await test.app.close();
  });

  it('still reads what navigation needs and public data', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db));
    await expect(caller.admin.elections.list()).resolves.toBeInstanceOf(Array);
    await expect(caller.polls.list()).resolves.toEqual([]);
    await expect(caller.auth.stepUpStatus()).resolves.toMatchObject({ active: false, until: null });
  });
});

describe('auth.stepUp', () => {
  it('is limited and marks the dashboard login limited too', () => {
    expect(procedurePolicy('auth.stepUp')).toMatchObject({ limited: true });
    expect(procedurePolicy('admin.dashboard.unlock')).toMatchObject({ limited: true });
  });

  it('lasts 15 minutes and no longer (time moved forward)', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2031-03-01T08:00:00Z').getTime();
    vi.setSystemTime(start);
    const token = newSessionToken(deps, admin.id);
    const { until } = await callerForToken(deps, token).auth.stepUp({ password: admin.password });
    expect(until.getTime()).toBe(start + STEP_UP_MS);
    expect(STEP_UP_MS).toBe(15 * MINUTE);
    expect(await callerForToken(deps, token).auth.stepUpStatus()).toMatchObject({ active: true, until });
    vi.setSystemTime(start + 15 * MINUTE - 1000);
    expect(await auditLogOpen(deps, token)).toBe(true);
    vi.setSystemTime(start + 15 * MINUTE + 1000);
    expect(await auditLogOpen(deps, token)).toBe(false);
    await expectTrpcError(
      callerForToken(deps, token).admin.users.setActive({
        id: '00000000-0000-4000-8000-000000000000',
        isActive: false,
      }),
      'PRECONDITION_FAILED',
      STEP_UP_REQUIRED,
    );
    expect(await callerForToken(deps, token).auth.stepUpStatus()).toMatchObject({
      active: false,
      until: null,
    });
  });

  it('does not step up with a wrong password, and asks an enrolled admin for the code', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const token = newSessionToken(deps, admin.id);
    await expectTrpcError(
      callerForToken(deps, token).auth.stepUp({ password: 'not the password' }),
      'BAD_REQUEST',
      'Your current password is incorrect.',
    );
    expect(await auditLogOpen(deps, token)).toBe(false);

    const enrolled = await enrolledAdmin(deps);
    const enrolledToken = newSessionToken(deps, enrolled.admin.id);
    await expectTrpcError(
      callerForToken(deps, enrolledToken).auth.stepUp({ password: enrolled.admin.password }),
      'UNAUTHORIZED',
      'Please enter the code from your authenticator app.',
    );
    await expectTrpcError(
      callerForToken(deps, enrolledToken).auth.stepUp({ password: enrolled.admin.password, code: '000000' }),
      'UNAUTHORIZED',
    );
    expect(await auditLogOpen(deps, enrolledToken)).toBe(false);
    await callerForToken(deps, enrolledToken).auth.stepUp({
      password: enrolled.admin.password,
      code: enrolled.nextCode(),
    });
    expect(await auditLogOpen(deps, enrolledToken)).toBe(true);
  }, 15_000);

  it('steps up only the session that asked, never another session of the same admin', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const laptop = newSessionToken(deps, admin.id);
    const thief = newSessionToken(deps, admin.id);
    await callerForToken(deps, laptop).auth.stepUp({ password: admin.password });
    expect(await auditLogOpen(deps, laptop)).toBe(true);
    expect(await auditLogOpen(deps, thief)).toBe(false);
  });

  it('is gone after signing in again (a new session starts without it)', async () => {
    const test = await worldApp();
    const admin = test.world.users.admin;
    const signIn = async () =>
      sessionCookieFrom(
        (
          await test.app.inject({
            method: 'POST',
            url: '/trpc/auth.signIn',
            headers: { ...sameOrigin, 'content-type': 'application/json' },
            payload: trpcBody({ email: admin.email, password: admin.password }),
          })
        ).headers['set-cookie'],
      );
    const auditStatus = async (cookie: string) =>
      (await test.app.inject({ url: '/trpc/admin.auditLog.filters', headers: { cookie } })).statusCode;
    const first = await signIn();
    expect(await auditStatus(first)).toBe(412);
    await stepUpOverHttp(test.app, first, admin.password);
    expect(await auditStatus(first)).toBe(200);
    const again = await signIn();
    expect(await auditStatus(again)).toBe(412);
    await test.app.close();
  }, 15_000);
});

describe('two-factor enrolment needs the password', () => {
  it('refuses begin and confirm to a stolen cookie that does not know it, and turns nothing on', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin, undefined, { steppedUp: true });
    await expectTrpcError(
      caller.auth.twoFactor.begin({ password: 'guess' }),
      'BAD_REQUEST',
      'Your current password is incorrect.',
    );
    expect(deps.db.select().from(twoFactorAuthenticators).all()).toEqual([]);
    await caller.auth.twoFactor.begin({ password: admin.password });
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: 'guess', code: '123456' }),
      'BAD_REQUEST',
      'Your current password is incorrect.',
    );
    const rows = deps.db.select().from(twoFactorAuthenticators).all();
    expect(rows.map((row) => row.enabledAt)).toEqual([null]);
  });
});

describe('the approvals queue needs a step-up', () => {
  it('refuses a stolen second admin cookie the confirm and the cancel of a waiting grant; nothing changes', async () => {
    const deps = createTestDeps();
    const requester = await createAdmin(deps.db);
    const thief = await createAdmin(deps.db);
    const citizen = await createUser(deps.db);
    const profileId = deps.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, citizen.id))
      .get()?.id;
    const asked = await callerFor(deps, requester, undefined, { steppedUp: true }).caller.admin.users.update({
      id: profileId ?? '',
      fullName: citizen.fullName,
      phone: null,
      role: 'Registrar',
      isActive: true,
    });
    if (!('pendingApproval' in asked)) throw new Error('a grant of Registrar should wait for a second admin');
    const { caller } = callerFor(deps, thief);
    const before = snapshot(deps.db);
    for (const call of [
      caller.admin.approvals.confirm({ id: asked.pendingApproval.id }),
      caller.admin.approvals.cancel({ id: asked.pendingApproval.id }),
      caller.admin.approvals.pending(),
    ]) {
      await expectTrpcError(call, 'PRECONDITION_FAILED', 'Please confirm your password to continue.');
    }
    expect(changedTables(before, snapshot(deps.db))).toEqual([]);
  });
});
