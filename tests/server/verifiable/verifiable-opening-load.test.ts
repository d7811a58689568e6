import { derivedCredential } from '@server/belenios/credential-source';
import { verifyPool } from '@server/belenios/verify-pool';
import { electionCredentials } from '@server/db/schema';
import { dueVerifiable } from '@server/services/verifiable/tally';
import { generateTrusteeKey, publicCredential } from '@shared/belenios';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { reportFigures } from '../../helpers/security/figures';
import { type Admins, beleniosUuid, twoAdmins, verifiableDraft } from '../../helpers/verifiable';
import { talliedElection, verifiableElection } from '../../helpers/verifiable-factories';

let built: TestApp;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

/** `count` accounts that may vote in a `signedIn` election, written in one statement. */
function insertAccounts(countOf: number): void {
  const tag = crypto.randomUUID().slice(0, 8);
  built.db.$client
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
       INSERT INTO users (id, email, created_at)
       SELECT printf('roll-%s-%d', :tag, i), printf('roll.%s.%d@bulk.codka.example', :tag, i), :at FROM n`,
    )
    .run({ count: countOf, tag, at: Date.now() });
}

/**
 * The event loop's longest pause while `work` runs, measured by a timer due every 5 ms: how long the server
 * would leave any other request waiting.
 */
async function longestPause<T>(
  work: () => Promise<T>,
): Promise<{ result: T; longestMs: number; ms: number }> {
  let longestMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    // A pause is seen when the timer next runs: let it run once after the work.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, longestMs, ms };
  } finally {
    clearInterval(timer);
  }
}

const VOTERS = 5000;

describe('opening a verifiable election with many voters', () => {
  // Five thousand PBKDF2s and 2048-bit exponentiations on a machine other tests share.
  it('derives the credentials in the workers: the event loop stays free while they are made', {
    timeout: 300_000,
  }, async () => {
    insertAccounts(VOTERS);
    const { id, opening } = await verifiableDraft(admins, 'A large roll');
    for (const name of ['One', 'Two'])
      await admins.first.admin.elections.trustees.add({
        electionId: id,
        name,
        publicKey: generateTrusteeKey().publicKey,
      });
    const asked = await admins.first.admin.elections.update(opening);
    const approvalId = (asked as { pendingApproval: { id: string } }).pendingApproval.id;
    const measured = await longestPause(() => admins.second.admin.approvals.confirm({ id: approvalId }));
    const made =
      built.db
        .select({ n: count() })
        .from(electionCredentials)
        .where(eq(electionCredentials.electionId, id))
        .get()?.n ?? 0;
    expect(made).toBeGreaterThanOrEqual(VOTERS);
    const perSecond = Math.round(made / (measured.ms / 1000));
    reportFigures(
      'verifiable-opening',
      `opening with ${made} voters: ${perSecond} credentials/s on ${verifyPool().options.size} worker(s), ` +
        `longest event-loop pause ${Math.round(measured.longestMs)} ms`,
      {
        voters: made,
        ms: Math.round(measured.ms),
        perSecond,
        longestPauseMs: Math.round(measured.longestMs),
      },
    );
    // Made on the event loop, the credentials stall it for the whole opening (the longest pause is all of it);
    // in the workers, only the transaction that stores them pauses it, a small part of the time they take. A
    // share rather than milliseconds, so that a slower or busier machine changes nothing.
    expect(measured.longestMs).toBeLessThan(measured.ms / 3);

    // Each stored credential is the voter's: what the voter's derived private credential gives.
    const [row] = built.db
      .select()
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, id))
      .limit(1)
      .all();
    const uuid = beleniosUuid(built, id);
    expect(row?.credential).toBe(
      publicCredential(uuid, derivedCredential(built.db, uuid, row?.userId ?? '')),
    );
  });
});

describe('the records timer', { timeout: 60_000 }, () => {
  it('looks only at verifiable elections that ended without a result', async () => {
    const running = await verifiableElection(built.db);
    const awaiting = await talliedElection(built.db);
    const finished = await talliedElection(built.db);
    for (const [i, trustee] of finished.trustees.entries()) {
      await admins.first.trustees.submitPartialDecryption({
        token: trustee.token,
        partialDecryption: finished.shares[i] as string,
      });
    }
    const due = dueVerifiable(built.db, new Date());
    expect(due).toContain(awaiting.electionId);
    expect(due).not.toContain(running.electionId);
    expect(due).not.toContain(finished.electionId);
  });
});
