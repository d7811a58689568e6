import { createSession } from '@server/auth/sessions';
import type { Db } from '@server/db/client';
import { auditLogs, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { encodeInput } from '../../helpers/security/http';
import { enrolledVoter, importedEntry, rollUser } from '../../helpers/voter-roll-factories';

const DOB = '1984-03-09';

/** An account whose visit at a center was rejected, and the cards of `count` commission entries it could claim. */
async function rejectedAccountAndEntries(db: Db, count: number) {
  const citizen = await rollUser(db);
  enrolledVoter(db, { userId: citizen.id, status: 'rejected', voterCardNumber: 'SO-WRONG-8' });
  const cards = Array.from({ length: count }, (_, i) => `SO-5550-200${i}`);
  for (const voterCardNumber of cards) importedEntry(db, { dateOfBirth: DOB, voterCardNumber });
  return { citizen, cards };
}

function linkedOnce(db: Db, userId: string) {
  expect(db.select().from(voters).where(eq(voters.userId, userId)).all()).toEqual([
    expect.objectContaining({ status: 'enrolled' }),
  ]);
  expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'unlink_rejected')).all()).toHaveLength(1);
}

describe('claims by an account whose visit was rejected, sent at once', () => {
  it('links one entry when several are claimed at once, and refuses the others', async () => {
    const deps = createTestDeps();
    const { citizen, cards } = await rejectedAccountAndEntries(deps.db, 5);
    const { caller } = callerFor(deps, citizen);
    const results = await Promise.allSettled(
      cards.map((voterCardNumber) => caller.enrollment.claim({ voterCardNumber, dateOfBirth: DOB })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      await expectTrpcError(
        Promise.reject(result.reason),
        'CONFLICT',
        messageText({ key: 'claim.accountHasEntry' }),
      );
    }
    linkedOnce(deps.db, citizen.id);
  });

  it('over HTTP, 50 at once with forged X-Forwarded-For: one link, the account limit for the rest, no 5xx', async () => {
    const { app, db } = await buildTestApp();
    const { citizen, cards } = await rejectedAccountAndEntries(db, 5);
    const cookie = `codka_session=${createSession(db, citizen.id).token}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/trpc/enrollment.claim',
          headers: {
            ...sameOrigin,
            'content-type': 'application/json',
            cookie,
            'x-forwarded-for': `198.51.100.${i + 1}`,
          },
          payload: encodeInput({ voterCardNumber: cards[i % cards.length], dateOfBirth: DOB }),
          remoteAddress: '100.64.0.9',
        }),
      ),
    );
    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
    // The account's 5 points an hour are spent before any work: 5 claims reach the roll, one links.
    expect(statuses).toEqual({ 200: 1, 409: 4, 429: 45 });
    const refusals = answers.filter((answer) => answer.statusCode !== 200);
    for (const answer of refusals) {
      const message = answer.json().error.json.message;
      if (answer.statusCode === 409) expect(message).toBe(messageText({ key: 'claim.accountHasEntry' }));
      else expect(message).toMatch(/^Too many voter card claims\. Please wait \d+ minutes and try again\.$/);
    }
    linkedOnce(db, citizen.id);
    await app.close();
  });

  it('refuses claims batched in one request, whole and with a sentence, linking none', async () => {
    const { app, db } = await buildTestApp();
    const { citizen, cards } = await rejectedAccountAndEntries(db, 5);
    const body = Object.fromEntries(
      cards.map((voterCardNumber, i) => [i, superjson.serialize({ voterCardNumber, dateOfBirth: DOB })]),
    );
    const answer = await app.inject({
      method: 'POST',
      url: `/trpc/${cards.map(() => 'enrollment.claim').join(',')}?batch=1`,
      headers: {
        ...sameOrigin,
        'content-type': 'application/json',
        cookie: `codka_session=${createSession(db, citizen.id).token}`,
      },
      payload: JSON.stringify(body),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      errorCode: 'batch.aloneOnly',
      message: messageText({ key: 'batch.aloneOnly' }),
    });
    expect(db.select().from(voters).where(eq(voters.userId, citizen.id)).all()).toEqual([
      expect.objectContaining({ status: 'rejected' }),
    ]);
    await app.close();
  });
});
