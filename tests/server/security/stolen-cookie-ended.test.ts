import { describe, expect, it } from 'vitest';
import { keyFromUri, totpAt } from '../../helpers/account';
import { sameOrigin, trpcBody } from '../../helpers/app';
import { worldApp } from '../../helpers/security/http';
import { sessionCookie, type WorldUser } from '../../helpers/security/world';

type App = Awaited<ReturnType<typeof worldApp>>;

function post(test: App, path: string, cookie: string, input?: unknown) {
  return test.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
    payload: input === undefined ? '' : trpcBody(input),
  });
}

/** Who the server thinks sends this cookie: the account's e-mail, or null for no session. */
async function signedInAs(test: App, cookie: string): Promise<string | null> {
  const response = await test.app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
  return response.json().result.data.json.user?.email ?? null;
}

/**
 * The owner's session and a thief's copy of another one (a second device, a stolen cookie), both read once so the
 * server remembers them (server/auth/session-cache.ts): the owner's action must end the thief's at once anyway.
 */
async function ownerAndThief(test: App, user: WorldUser) {
  const owner = sessionCookie(test.db, user.id);
  const thief = sessionCookie(test.db, user.id);
  expect(await signedInAs(test, owner)).toBe(user.email);
  expect(await signedInAs(test, thief)).toBe(user.email);
  return { owner, thief };
}

describe("a stolen cookie (the account's second session) ends when the owner secures the account", () => {
  it('when a Registrar turns two-factor sign-in on (the owner stays signed in)', async () => {
    const test = await worldApp();
    const registrar = test.world.roll.registrar;
    const { owner, thief } = await ownerAndThief(test, registrar);
    const begun = await post(test, 'auth.twoFactor.begin', owner, { password: registrar.password });
    const key = keyFromUri(begun.json().result.data.json.uri);
    const confirmed = await post(test, 'auth.twoFactor.confirm', owner, {
      password: registrar.password,
      code: totpAt(key),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().result.data.json.otherSessionsEnded).toBe(1);
    expect(await signedInAs(test, thief)).toBeNull();
    expect((await post(test, 'registrar.enroll', thief, {})).statusCode).toBe(401);
    expect(await signedInAs(test, owner)).toBe(registrar.email);
    await test.app.close();
  });

  it('when a System Admin turns two-factor sign-in on', async () => {
    const test = await worldApp();
    const admin = test.world.users.admin;
    const { owner, thief } = await ownerAndThief(test, admin);
    const begun = await post(test, 'auth.twoFactor.begin', owner, { password: admin.password });
    const key = keyFromUri(begun.json().result.data.json.uri);
    await post(test, 'auth.twoFactor.confirm', owner, { password: admin.password, code: totpAt(key) });
    expect(await signedInAs(test, thief)).toBeNull();
    expect(await signedInAs(test, owner)).toBe(admin.email);
    await test.app.close();
  });

  it('when the owner changes the password (the owner stays signed in)', async () => {
    const test = await worldApp();
    const supervisor = test.world.roll.supervisor;
    const { owner, thief } = await ownerAndThief(test, supervisor);
    const changed = await post(test, 'auth.changePassword', owner, {
      currentPassword: supervisor.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await signedInAs(test, thief)).toBeNull();
    expect(await signedInAs(test, owner)).toBe(supervisor.email);
    await test.app.close();
  });

  it('when the owner signs out everywhere: every session ends, this one too, and its cookie is cleared', async () => {
    const test = await worldApp();
    const citizen = test.world.users.citizen;
    const { owner, thief } = await ownerAndThief(test, citizen);
    const response = await post(test, 'auth.signOutEverywhere', owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data.json).toEqual({ success: true, sessionsEnded: 3 });
    expect(String(response.headers['set-cookie'])).toMatch(/^codka_session=;/);
    expect(await signedInAs(test, thief)).toBeNull();
    expect(await signedInAs(test, owner)).toBeNull();
    // The world's own session of this citizen (the third) ended too; another account's sessions are untouched.
    expect(await signedInAs(test, test.citizenCookie)).toBeNull();
    expect(await signedInAs(test, test.adminCookie)).toBe(test.world.users.admin.email);
    await test.app.close();
  });

  it('a visitor cannot sign anyone out everywhere', async () => {
    const test = await worldApp();
    const response = await post(test, 'auth.signOutEverywhere', '');
    expect(response.statusCode).toBe(401);
    expect(await signedInAs(test, test.citizenCookie)).toBe(test.world.users.citizen.email);
    await test.app.close();
  });
});
