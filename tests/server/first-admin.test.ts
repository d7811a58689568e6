import { profiles, users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';

/** The first System Admin of a new site (auth.bootstrapAdmin), made once. */
describe('auth.bootstrapAdmin', () => {
  it('creates the first System Admin, then answers ADMIN_EXISTS', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const email = uniqueEmail('first-admin');
    expect(
      await caller.auth.bootstrapAdmin({ email, password: 'sesame-41', fullName: 'First Admin' }),
    ).toEqual({
      success: true,
      code: 'ADMIN_CREATED',
    });
    const profile = deps.db
      .select({ role: profiles.role })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, email))
      .get();
    expect(profile?.role).toBe('System Admin');
    expect(
      await caller.auth.bootstrapAdmin({ email: uniqueEmail(), password: 'sesame-41', fullName: 'Second' }),
    ).toEqual({
      success: false,
      code: 'ADMIN_EXISTS',
    });
  });

  it('promotes an existing account only with its own password', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, null);
    expect(
      await caller.auth.bootstrapAdmin({ email: citizen.email, password: 'not-theirs', fullName: 'X' }),
    ).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
    });
    expect(
      await caller.auth.bootstrapAdmin({ email: citizen.email, password: citizen.password, fullName: 'X' }),
    ).toEqual({
      success: true,
      code: 'ADMIN_CREATED',
    });
    const { user } = await callerFor(deps, citizen).caller.auth.session();
    expect(user?.isAdmin).toBe(true);
  });

  it('makes exactly one admin when several race', async () => {
    const deps = createTestDeps();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        callerFor(deps, null, `192.0.2.${n}`).caller.auth.bootstrapAdmin({
          email: uniqueEmail(),
          password: 'sesame-41',
          fullName: 'Racer',
        }),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(deps.db.select().from(profiles).where(eq(profiles.role, 'System Admin')).all()).toHaveLength(1);
  });

  it('validates its input', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(
      caller.auth.bootstrapAdmin({ email: 'nope', password: 'sesame-41', fullName: 'X' }),
      'BAD_REQUEST',
    );
    await expectTrpcError(
      caller.auth.bootstrapAdmin({ email: uniqueEmail(), password: '123', fullName: 'X' }),
      'BAD_REQUEST',
    );
  });
});
