import { forgetCachedSessions } from '@server/auth/session-cache';
import { profiles, sessions } from '@server/db/schema';
import { setUserActive } from '@server/services/admin/users';
import { signOutEverywhere } from '@server/services/sign-out-everywhere';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { createAdmin, createUser } from '../../helpers/factories';
import { slowRequest } from '../../helpers/raw-http';
import { sessionCookie } from '../../helpers/security/world';

/**
 * A tRPC call is decided when its body has arrived, not when its head did (OWASP ASVS V3.3, V4.1): a batch of more
 * than ten calls makes the batch cap look at the session before the body, and that early answer must not be
 * the one the procedures run with. A real socket sends the head of a batch of eleven admin.users.update calls
 * at once, then the body slowly; meanwhile the owner ends every session, or another System Admin deactivates
 * the account. Nothing is written.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CALLS = 11;

async function slowBatch(
  meanwhile: (world: {
    db: Awaited<ReturnType<typeof buildTestApp>>['db'];
    adminId: string;
    otherId: string;
  }) => void,
) {
  const test = await buildTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = await createAdmin(test.db);
    const other = await createAdmin(test.db);
    const citizen = await createUser(test.db);
    const cookie = sessionCookie(test.db, admin.id, { steppedUp: true });
    const citizenProfile = test.db.select().from(profiles).where(eq(profiles.userId, citizen.id)).get();
    const update = {
      id: citizenProfile?.id ?? '',
      fullName: 'Renamed By Thief',
      phone: null,
      role: null,
      isActive: true,
    };
    const calls = Object.fromEntries(Array.from({ length: CALLS }, (_, index) => [index, { json: update }]));
    const body = Buffer.from(JSON.stringify(calls));
    const names = Array.from({ length: CALLS }, () => 'admin.users.update').join(',');
    const answer = await slowRequest(
      test.app.server,
      {
        method: 'POST',
        target: `/trpc/${names}?batch=1`,
        length: body.length,
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
      },
      async (write) => {
        write(body.subarray(0, 10));
        await sleep(150);
        meanwhile({ db: test.db, adminId: admin.id, otherId: other.id });
        await sleep(50);
        write(body.subarray(10));
      },
    );
    const name = test.db.select().from(profiles).where(eq(profiles.userId, citizen.id)).get()?.fullName;
    return { answer, name };
  } finally {
    await test.app.close();
  }
}

describe('attack: a slow tRPC batch runs on the session its head arrived with', () => {
  it('a batch of 11 mutations whose body trickles in while the owner signs out everywhere writes nothing', async () => {
    const { answer, name } = await slowBatch(({ db, adminId }) => signOutEverywhere(db, adminId));
    expect(answer.status, answer.body).toBe(401);
    expect(name).not.toBe('Renamed By Thief');
  });

  it('a batch of 11 mutations whose body trickles in while the admin is deactivated writes nothing', async () => {
    const { answer, name } = await slowBatch(({ db, adminId, otherId }) => {
      const profile = db.select().from(profiles).where(eq(profiles.userId, adminId)).get();
      setUserActive(db, profile?.id ?? '', false, otherId);
    });
    expect(answer.status, answer.body).not.toBe(200);
    expect(name).not.toBe('Renamed By Thief');
  });

  it('a batch of 11 mutations whose step-up lapses while the body trickles in writes nothing (412, stepUpRequired)', async () => {
    const { answer, name } = await slowBatch(({ db, adminId }) => {
      db.update(sessions)
        .set({ steppedUpUntil: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, adminId))
        .run();
      // A direct write skips the services that empty the session cache: empty it as they do.
      forgetCachedSessions();
    });
    expect(answer.status, answer.body).toBe(412);
    expect(answer.body).toContain('stepUpRequired');
    expect(name).not.toBe('Renamed By Thief');
  });
});
