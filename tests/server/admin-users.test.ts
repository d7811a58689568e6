import { sessions } from '@server/db/schema';
import { ACCOUNT_DEACTIVATED } from '@server/services/accounts';
import { LAST_ADMIN_MESSAGE } from '@server/services/admin/users';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/account';
import {
  auditRows,
  callerForToken,
  expectTrpcError,
  newSessionToken,
  seedElection,
  unlockedAdmin,
} from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';

function profileIdOf(admin: Awaited<ReturnType<typeof unlockedAdmin>>, user: TestUser) {
  return admin.caller.admin.users.list().then(({ users }) => {
    const row = users.find((u) => u.userId === user.id);
    if (!row) throw new Error(`no profile for ${user.email}`);
    return row.id;
  });
}

const sessionCount = (deps: TestDeps, userId: string) =>
  deps.db.select().from(sessions).where(eq(sessions.userId, userId)).all().length;

const VALID_SETTINGS = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  defaultZoom: 6,
  centerLat: 5.2,
  centerLng: 46.2,
  fallbackImageUrl: null,
  markers: [{ name: 'Mogadishu', latitude: 2.04, longitude: 45.34 }],
  defaultTheme: 'dark' as const,
};

describe('admin.users', () => {
  it('lists profiles newest first with statistics by role', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    await createUser(deps.db, { role: 'Registrar' });
    await createUser(deps.db, { isActive: false });
    const { users, stats } = await admin.caller.admin.users.list();
    expect(users).toHaveLength(3);
    expect(users.map((u) => u.createdAt.getTime())).toEqual(
      [...users.map((u) => u.createdAt.getTime())].sort((a, b) => b - a),
    );
    expect(stats).toEqual({
      total: 3,
      active: 2,
      byRole: { 'System Admin': 1, 'Enrollment Supervisor': 0, Registrar: 1, Citizen: 1 },
    });
    expect(JSON.stringify(users)).not.toMatch(/argon2|passwordHash/);
  });

  it('deactivating a user ends their sessions and they cannot sign in again', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    const citizen = await createUser(deps.db);
    const token = newSessionToken(deps, citizen.id);
    expect((await callerForToken(deps, token).auth.session()).user?.email).toBe(citizen.email);

    const id = await profileIdOf(admin, citizen);
    expect(await admin.caller.admin.users.setActive({ id, isActive: false })).toEqual({
      id,
      isActive: false,
    });
    expect(sessionCount(deps, citizen.id)).toBe(0);
    // The next request with the old cookie finds no session.
    expect((await callerForToken(deps, token).auth.session()).user).toBeNull();
    await expectTrpcError(
      callerFor(deps, null).caller.auth.signIn({ email: citizen.email, password: citizen.password }),
      'FORBIDDEN',
      ACCOUNT_DEACTIVATED,
    );

    await admin.caller.admin.users.setActive({ id, isActive: true });
    const again = await callerFor(deps, null).caller.auth.signIn({
      email: citizen.email,
      password: citizen.password,
    });
    expect(signedInUser(again).email).toBe(citizen.email);
  });

  it('an update that deactivates (or removes a role) is made at once and ends the sessions', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    const citizen = await createUser(deps.db, { role: 'Registrar' });
    callerFor(deps, citizen);
    const id = await profileIdOf(admin, citizen);
    expect(
      await admin.caller.admin.users.update({
        id,
        fullName: ' Hodan Cali ',
        phone: '+252 61 000 0000',
        role: null,
        isActive: false,
      }),
    ).toEqual({ id });
    expect(sessionCount(deps, citizen.id)).toBe(0);
    const row = (await admin.caller.admin.users.list()).users.find((u) => u.id === id);
    expect(row).toMatchObject({
      fullName: 'Hodan Cali',
      phone: '+252 61 000 0000',
      role: null,
      isActive: false,
      pendingGrant: null,
    });
    await expectTrpcError(
      callerFor(deps, null).caller.auth.signIn({ email: citizen.email, password: citizen.password }),
      'FORBIDDEN',
    );
    await expectTrpcError(
      admin.caller.admin.users.update({ id, fullName: '  ', phone: null, role: null, isActive: true }),
      'BAD_REQUEST',
      'Full name is required',
    );
  });

  it('refuses to deactivate or demote the last active System Admin', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    const id = await profileIdOf(admin, admin.admin);
    await expectTrpcError(
      admin.caller.admin.users.setActive({ id, isActive: false }),
      'PRECONDITION_FAILED',
      LAST_ADMIN_MESSAGE,
    );
    for (const change of [
      { role: null, isActive: true },
      { role: 'Registrar' as const, isActive: true },
      { role: 'System Admin' as const, isActive: false },
    ]) {
      await expectTrpcError(
        admin.caller.admin.users.update({ id, fullName: 'Test Admin', phone: null, ...change }),
        'PRECONDITION_FAILED',
        LAST_ADMIN_MESSAGE,
      );
    }
    expect(sessionCount(deps, admin.admin.id)).toBe(1);

    // With a second active admin the first may step down.
    await createAdmin(deps.db);
    await admin.caller.admin.users.update({
      id,
      fullName: 'Test Admin',
      phone: null,
      role: 'Registrar',
      isActive: true,
    });
    expect((await callerFor(deps, admin.admin).caller.auth.session()).user?.isAdmin).toBe(false);
  });
});

describe('admin.settings', () => {
  it('returns defaults before anything is saved, then the saved settings', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    expect((await caller.admin.settings.get()).map).toMatchObject({ id: null, defaultZoom: 6, markers: [] });
    const saved = await caller.admin.settings.save(VALID_SETTINGS);
    const { defaultTheme: _theme, ...map } = VALID_SETTINGS;
    expect(saved.map).toEqual({ ...map, id: expect.any(String) });
    expect(saved.site).toEqual({ defaultTheme: 'dark' });
    await caller.admin.settings.save({ ...VALID_SETTINGS, defaultZoom: 8, markers: [] });
    expect(await caller.admin.settings.get()).toMatchObject({
      map: { id: saved.map.id, defaultZoom: 8, markers: [] },
    });
  });

  it.each([0, 19, 6.5])('refuses zoom %s (1 to 18, whole)', async (zoom) => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    await expectTrpcError(
      caller.admin.settings.save({ ...VALID_SETTINGS, defaultZoom: zoom }),
      'BAD_REQUEST',
    );
  });

  it.each([1, 18])('accepts zoom %s', async (zoom) => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    expect((await caller.admin.settings.save({ ...VALID_SETTINGS, defaultZoom: zoom })).map.defaultZoom).toBe(
      zoom,
    );
  });

  it('refuses a tile URL that is not https or lacks {z}/{x}/{y}', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    for (const tileUrl of ['http://tile.example/{z}/{x}/{y}.png', 'https://tile.example/map.png']) {
      await expectTrpcError(
        caller.admin.settings.save({ ...VALID_SETTINGS, tileUrl }),
        'BAD_REQUEST',
        'Tile URL must be https and contain {z}, {x} and {y}',
      );
    }
  });
});

describe('audit log', () => {
  it('records every admin write with its actor and table, newest first', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    const { caller } = admin;
    const citizen = await createUser(deps.db);
    const district = await caller.admin.districts.create({
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
    });
    await caller.admin.districts.update({
      id: district.id,
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
    });
    const center = await caller.admin.centers.create({ name: 'C', code: 'RC-1', districtId: district.id });
    await caller.admin.centers.update({ id: center.id, name: 'C2', code: 'RC-1', isActive: true });
    await caller.admin.centers.setActive({ id: center.id, isActive: false });
    await caller.admin.centers.delete({ id: center.id });
    await caller.admin.districts.delete({ id: district.id });
    const candidate = await caller.admin.candidates.create({ electionId: seedElection(deps), name: 'A' });
    await caller.admin.candidates.update({ id: candidate.id, name: 'B' });
    await caller.admin.candidates.delete({ id: candidate.id });
    const profileId = await profileIdOf(admin, citizen);
    await caller.admin.users.update({
      id: profileId,
      fullName: 'X',
      phone: null,
      role: null,
      isActive: true,
    });
    await caller.admin.users.setActive({ id: profileId, isActive: false });
    await caller.admin.settings.save(VALID_SETTINGS);

    const expected = [
      ['create', 'districts'],
      ['update', 'districts'],
      ['create', 'registration_centers'],
      ['update', 'registration_centers'],
      ['deactivate', 'registration_centers'],
      ['delete', 'registration_centers'],
      ['delete', 'districts'],
      ['create', 'candidates'],
      ['update', 'candidates'],
      ['delete', 'candidates'],
      ['update', 'profiles'],
      ['deactivate', 'profiles'],
      ['update', 'new_map_settings'],
    ];
    const rows = auditRows(deps).filter((row) => row.actorId === admin.admin.id);
    expect(rows.map((row) => [row.action, row.tableName])).toEqual(expected);
    expect(rows.every((row) => row.recordId)).toBe(true);

    const page = await caller.admin.auditLog.list({ limit: 5 });
    expect(page.entries.map((e) => [e.action, e.tableName])).toEqual(expected.slice(-5).reverse());
    expect(page.entries[0]?.actorEmail).toBe(admin.admin.email);
    expect(page.nextCursor).toBe(page.entries.at(-1)?.id);
    const rest = await caller.admin.auditLog.list({ limit: 50, cursor: page.nextCursor ?? undefined });
    expect(rest.entries).toHaveLength(expected.length - 5);
    expect(rest.nextCursor).toBeNull();

    const filtered = await caller.admin.auditLog.list({
      tableName: 'registration_centers',
      action: 'deactivate',
      limit: 50,
    });
    expect(filtered.entries.map((e) => e.recordId)).toEqual([center.id]);
    const filters = await caller.admin.auditLog.filters();
    expect(filters.tables).toEqual([
      'candidates',
      'districts',
      'new_map_settings',
      'profiles',
      'registration_centers',
    ]);
    expect(filters.actions).toEqual(['create', 'deactivate', 'delete', 'update']);
  });
});
