import { describe, expect, it } from 'vitest';
import { sameOrigin, trpcBody } from '../../helpers/app';
import { procedurePaths } from '../../helpers/procedures';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { encodeInput, routeTable, worldApp } from '../../helpers/security/http';
import { PROCEDURE_CASES, type Tier } from '../../helpers/security/procedure-cases';
import { procedureType } from '../../helpers/security/procedure-defs';
import { sessionCookie, type WorldUser } from '../../helpers/security/world';
import { enableTwoFactor, settlePhotoJobs } from '../../helpers/security/world-extras';

const SETUP_FIRST =
  'Set up two-factor sign-in first: staff accounts need an authenticator app before they can use the staff tools. Open your account page to set it up.';

/** The tiers each staff role passes (a System Admin passes them all); setting up two-factor is not one of them. */
const GATED: Record<'admin' | 'registrar' | 'supervisor', readonly Tier[]> = {
  admin: ['admin', 'stepUp', 'registrar', 'registrarStepUp', 'supervisor', 'supervisorStepUp', 'staff'],
  registrar: ['registrar', 'registrarStepUp', 'staff'],
  supervisor: ['supervisor', 'supervisorStepUp', 'staff'],
};

type App = Awaited<ReturnType<typeof worldApp>>;

function call(test: App, path: string, input: unknown, cookie: string) {
  return procedureType(path) === 'query'
    ? test.app.inject({
        method: 'GET',
        url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(encodeInput(input))}`}`,
        headers: { cookie },
      })
    : test.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
        payload: input === undefined ? '' : encodeInput(input),
      });
}

function staffOf(test: App): Record<keyof typeof GATED, WorldUser> {
  return {
    admin: test.world.users.admin,
    registrar: test.world.roll.registrar,
    supervisor: test.world.roll.supervisor,
  };
}

describe('STAFF_TWO_FACTOR=required: a staff password alone opens no staff tool', () => {
  it('refuses every staff and admin procedure to a stepped-up staff session without an authenticator, and changes nothing', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    const paths = procedurePaths();
    let refused = 0;
    for (const [role, user] of Object.entries(staffOf(test)) as [keyof typeof GATED, WorldUser][]) {
      // Stepped up before the setting took effect, or by the dashboard: the refusal must not rest on step-up.
      const cookie = sessionCookie(test.db, user.id, { steppedUp: true });
      const gated = paths.filter((path) => GATED[role].includes(PROCEDURE_CASES[path]?.tier ?? 'public'));
      expect(gated.length).toBeGreaterThan(role === 'admin' ? 60 : 3);
      const inputs = new Map<string, unknown>();
      for (const [n, path] of gated.entries()) {
        inputs.set(path, await PROCEDURE_CASES[path]?.input?.(test.world, n + 1, user));
      }
      const before = snapshot(test.db);
      for (const path of gated) {
        const response = await call(test, path, inputs.get(path), cookie);
        expect(`${role} ${path}: ${response.statusCode}`).toBe(`${role} ${path}: 412`);
        const error = response.json().error.json;
        expect(error.message).toBe(SETUP_FIRST);
        expect(error.data).toMatchObject({
          code: 'PRECONDITION_FAILED',
          errorCode: 'twoFactor.setupRequired',
          twoFactorSetupRequired: true,
        });
        refused += 1;
      }
      expect(
        changedTables(before, snapshot(test.db)),
        `${role}: a refused call changed the database`,
      ).toEqual([]);
    }
    expect(refused).toBeGreaterThan(80);
    await settlePhotoJobs(test.db);
    await test.app.close();
  });

  it('a supervisor without an authenticator cannot search or approve the roll; once enrolled, they can', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    const supervisor = test.world.roll.supervisor;
    const cookie = sessionCookie(test.db, supervisor.id, { steppedUp: true });
    const search = { voterCardNumber: test.world.roll.voterCardNumber };
    const approve = await PROCEDURE_CASES['supervisor.approve']?.input?.(test.world, 1, supervisor);

    expect((await call(test, 'supervisor.search', search, cookie)).statusCode).toBe(412);
    expect((await call(test, 'supervisor.approve', approve, cookie)).statusCode).toBe(412);
    // Nor can it step up on its password alone (which would open an admin's exact live results).
    const stepUp = await test.app.inject({
      method: 'POST',
      url: '/trpc/auth.stepUp',
      headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
      payload: trpcBody({ password: supervisor.password }),
    });
    expect(stepUp.statusCode).toBe(412);
    expect(stepUp.json().error.json.data.twoFactorSetupRequired).toBe(true);
    const status = await call(test, 'auth.twoFactor.status', undefined, cookie);
    expect(status.json().result.data.json).toMatchObject({ enabled: false, setupRequired: true });

    await enableTwoFactor(test.db, supervisor);
    const enrolled = sessionCookie(test.db, supervisor.id, { steppedUp: true });
    expect((await call(test, 'supervisor.search', search, enrolled)).statusCode).toBe(200);
    expect((await call(test, 'supervisor.approve', approve, enrolled)).statusCode).toBe(200);
    const after = await call(test, 'auth.twoFactor.status', undefined, enrolled);
    expect(after.json().result.data.json).toMatchObject({ enabled: true, setupRequired: false });
    await test.app.close();
  });

  it('leaves the setup itself open, so the first System Admin (ADMIN_EMAIL, create-admin, bootstrap) gets in', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    for (const user of Object.values(staffOf(test))) {
      const cookie = sessionCookie(test.db, user.id);
      const input = await PROCEDURE_CASES['auth.twoFactor.confirm']?.input?.(test.world, 1, user);
      const confirmed = await call(test, 'auth.twoFactor.confirm', input, cookie);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    // A citizen is never asked: voting and the account page work as before.
    const citizen = sessionCookie(test.db, test.world.users.citizen.id);
    const status = await call(test, 'auth.twoFactor.status', undefined, citizen);
    expect(status.json().result.data.json).toMatchObject({ enabled: false, setupRequired: false });
    await test.app.close();
  });

  it('refuses every plain admin route (uploads, the votes CSV, the roll import) before the body is read', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    const cookie = sessionCookie(test.db, test.world.users.admin.id, { steppedUp: true });
    const routes = routeTable(test.app).filter((route) => route.path.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const before = snapshot(test.db);
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m === 'GET' || m === 'POST')) {
        const response = await test.app.inject({
          method: method as 'GET' | 'POST',
          url: route.path.replace(/:(\w+)/g, 'x'),
          headers: {
            ...sameOrigin,
            cookie,
            ...(method === 'POST' ? { 'content-type': 'multipart/form-data; boundary=b' } : {}),
          },
          ...(method === 'POST' ? { payload: '--b\r\n\r\nnot really\r\n--b--\r\n' } : {}),
        });
        expect(`${method} ${route.path}: ${response.statusCode}`).toBe(`${method} ${route.path}: 412`);
        expect(response.json().error).toMatchObject({
          errorCode: 'twoFactor.setupRequired',
          message: SETUP_FIRST,
          twoFactorSetupRequired: true,
        });
      }
    }
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
    await test.app.close();
  });

  it('with STAFF_TWO_FACTOR=optional (the demo), the same sessions reach the same tools (the control)', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'optional' });
    const cookie = sessionCookie(test.db, test.world.roll.supervisor.id, { steppedUp: true });
    const search = { voterCardNumber: test.world.roll.voterCardNumber };
    expect((await call(test, 'supervisor.search', search, cookie)).statusCode).toBe(200);
    await test.app.close();
  });
});
