import { derivedCredential } from '@server/belenios/credential-source';
import { configureVerifyPool, verifyPool } from '@server/belenios/verify-pool';
import { credentialPreparations, electionCredentials, elections, profiles, users } from '@server/db/schema';
import { setPublicCredentials } from '@server/services/verifiable/credentials';
import {
  preparationSettled,
  preparationState,
  resumePreparations,
  stopPreparations,
} from '@server/services/verifiable/preparation';
import { generateCredential, publicCredential, readArchive } from '@shared/belenios';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createAdmin } from '../../helpers/factories';
import { sessionCookie } from '../../helpers/security/world';
import {
  type Admins,
  beleniosUuid,
  draftWithTrustees,
  listening,
  trpc,
  twoAdmins,
} from '../../helpers/verifiable';

/**
 * The credentials of a verifiable opening with Codka as credential authority are made by a job while the request
 * waits, a page at a time: the confirm never waits for them, is refused with its sentence until they are ready,
 * and then looks again only at the accounts whose eligibility changed meanwhile.
 */

let built: TestApp;
let admins: Admins;
let base: string;

beforeAll(async () => {
  built = await buildTestApp();
  admins = await twoAdmins(built);
  base = await listening(built);
});
afterAll(() => built.app.close());

/** `n` accounts that may vote in a `signedIn` election, written in one statement. */
function insertAccounts(n: number): string {
  const tag = crypto.randomUUID().slice(0, 8);
  built.db.$client
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
       INSERT INTO users (id, email, created_at)
       SELECT printf('acct-%s-%05d', :tag, i), printf('acct.%s.%d@bulk.codka.example', :tag, i), :at FROM n`,
    )
    .run({ count: n, tag, at: Date.now() });
  return tag;
}

async function askToOpen(opening: { id: string }): Promise<string> {
  const asked = await admins.first.admin.elections.update(opening as never);
  return (asked as { pendingApproval: { id: string } }).pendingApproval.id;
}

const credentialsOf = (electionId: string) =>
  built.db
    .select({ userId: electionCredentials.userId, credential: electionCredentials.credential })
    .from(electionCredentials)
    .where(eq(electionCredentials.electionId, electionId))
    .all();

/** Every account that may vote in a `signedIn` election: the active ones. */
const activeAccounts = () =>
  built.db
    .select({ id: users.id, isActive: profiles.isActive })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .all()
    .filter((u) => u.isActive !== false)
    .map((u) => u.id)
    .sort();

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The archive's public credentials, as served. */
async function archivedCredentials(electionId: string): Promise<string[]> {
  const response = await fetch(`${base}/api/v1/elections/${electionId}/archive.bel`);
  expect(response.status).toBe(200);
  const archive = readArchive(new Uint8Array(await response.arrayBuffer()));
  return JSON.parse(archive.setup.publicCredentials) as string[];
}

describe('credentials prepared while the opening waits', { timeout: 300_000 }, () => {
  it('are made by the job; the confirm is refused with its sentence until they are ready, then sees what changed', async () => {
    insertAccounts(1_500);
    const { id, opening } = await draftWithTrustees(admins, 'Prepared ahead');
    const approvalId = await askToOpen(opening);
    // The request answered at once: the job has only just begun.
    const card = (await admins.second.admin.approvals.pending()).find((a) => a.id === approvalId);
    expect(card?.credentials).toMatchObject({ status: 'preparing' });
    expect(card?.credentials?.total).toBeGreaterThanOrEqual(1_500);

    // A confirm while they are made is refused at once, in the confirmer's language, and changes nothing.
    const cookie = sessionCookie(built.db, (await createAdmin(built.db)).id, { steppedUp: true });
    const english = await trpc(base, 'admin.approvals.confirm', { id: approvalId }, { cookie });
    expect([english.status, english.error?.data.errorCode]).toEqual([412, 'verifiable.credentialsPreparing']);
    expect(english.error?.message).toMatch(
      /^The voters' credentials are still being prepared \(\d[\d,]* of [\d,]+ accounts read\)/,
    );
    const somali = await trpc(
      base,
      'admin.approvals.confirm',
      { id: approvalId },
      { cookie, language: 'so' },
    );
    expect(somali.error?.message).toMatch(/^Aqoonsiyada codbixiyeyaasha weli waa la diyaarinayaa/);
    expect(built.db.select().from(elections).where(eq(elections.id, id)).get()?.status).toBe('Draft');

    await preparationSettled(built.db, id);
    const ready = preparationState(built.db, id);
    expect(ready?.status).toBe('ready');
    expect(ready?.checked).toBe(ready?.total);
    expect(credentialsOf(id).length).toBe(activeAccounts().length);

    // Between the preparation and the confirm: an account made (eligible), one deactivated (no longer).
    const [newcomer] = built.db
      .insert(users)
      .values({ email: `late.${crypto.randomUUID()}@codka.example` })
      .returning({ id: users.id })
      .all();
    const leaving = credentialsOf(id).find((c) => c.userId?.startsWith('acct-'))?.userId as string;
    built.db.insert(profiles).values({ userId: leaving, isActive: false }).run();

    await admins.second.admin.approvals.confirm({ id: approvalId });
    const opened = credentialsOf(id);
    const holders = opened.map((c) => c.userId as string).sort();
    expect(holders).toEqual(activeAccounts());
    expect(holders).toContain(newcomer?.id);
    expect(holders).not.toContain(leaving);
    // Each is the voter's own, and the archive holds exactly these.
    const uuid = beleniosUuid(built, id);
    const late = opened.find((c) => c.userId === newcomer?.id);
    expect(late?.credential).toBe(
      publicCredential(uuid, derivedCredential(built.db, uuid, newcomer?.id ?? '')),
    );
    expect((await archivedCredentials(id)).sort()).toEqual(opened.map((c) => c.credential).sort());
    // The preparation is done with, and so is the log of changes.
    expect(preparationState(built.db, id)).toBeNull();
  });

  it('two confirms at once open the election once', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Two confirms');
    const approvalId = await askToOpen(opening);
    await preparationSettled(built.db, id);
    const third = await twoAdmins(built);
    const answers = await Promise.allSettled([
      admins.second.admin.approvals.confirm({ id: approvalId }),
      third.second.admin.approvals.confirm({ id: approvalId }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(credentialsOf(id).length).toBe(activeAccounts().length);
    expect((await archivedCredentials(id)).length).toBe(activeAccounts().length);
  });

  it('a server stopped mid-way goes on from the page it finished, and makes each credential once', async () => {
    insertAccounts(2_500);
    const { id, opening } = await draftWithTrustees(admins, 'Stopped and resumed');
    const approvalId = await askToOpen(opening);
    await until(() => (preparationState(built.db, id)?.checked ?? 0) > 0, 'a first page');
    // As the server's close does: the job stops after its page.
    await stopPreparations(built.db);
    const stopped = preparationState(built.db, id);
    expect(stopped?.status).toBe('preparing');
    expect(stopped?.checked).toBeLessThan(stopped?.total ?? 0);
    const made = credentialsOf(id);
    expect(made.length).toBeGreaterThan(0);
    // Meanwhile: an account already read is deactivated, and one is made among those already read.
    const deactivated = made.find((c) => c.userId?.startsWith('acct-'))?.userId as string;
    built.db.insert(profiles).values({ userId: deactivated, isActive: false }).run();
    const early = `0000-early-${crypto.randomUUID()}`;
    built.db
      .insert(users)
      .values({ id: early, email: `${early}@codka.example` })
      .run();
    // The next start resumes it (the server's ready hook).
    resumePreparations(built.db);
    await preparationSettled(built.db, id);
    expect(preparationState(built.db, id)?.status).toBe('ready');
    const holders = credentialsOf(id).map((c) => c.userId as string);
    expect(new Set(holders).size).toBe(holders.length);
    await admins.second.admin.approvals.confirm({ id: approvalId });
    const opened = credentialsOf(id).map((c) => c.userId as string);
    expect(opened.sort()).toEqual(activeAccounts());
    expect(opened).toContain(early);
    expect(opened).not.toContain(deactivated);
  });

  it('who may vote changed in the draft: read again under the new rule, before and after it was ready', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Rule changed');
    const approvalId = await askToOpen(opening);
    // While it is made: the job starts again under the new rule. Nobody here is on the roll.
    const draft = { ...opening, status: 'Draft' as const };
    await admins.first.admin.elections.update({ ...draft, eligibility: 'enrolled' });
    await preparationSettled(built.db, id);
    expect(preparationState(built.db, id)?.status).toBe('ready');
    expect(credentialsOf(id)).toHaveLength(0);
    // After it was ready: the confirm is refused and the job starts again.
    await admins.first.admin.elections.update({ ...draft, eligibility: 'signedIn' });
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: approvalId }),
      'PRECONDITION_FAILED',
      /^Who may vote changed since the voters' credentials were prepared/,
    );
    await preparationSettled(built.db, id);
    await admins.second.admin.approvals.confirm({ id: approvalId });
    expect(credentialsOf(id).length).toBe(activeAccounts().length);
  });

  it('a failed preparation says so; the confirm starts it again', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Failed once');
    const logged = vi.spyOn(built.app.log, 'error');
    const approvalId = await askToOpen(opening);
    // The workers end under the job (the pool replaced while a page's credentials are made): its task fails.
    // A page is almost all derivation, so once one is written the job is waiting on the workers for the next.
    await until(() => (preparationState(built.db, id)?.checked ?? 0) > 0, 'a first page');
    await configureVerifyPool({ ...verifyPool().options });
    await preparationSettled(built.db, id);
    expect(preparationState(built.db, id)?.status).toBe('failed');
    // Why, in the server's log: the job was started by the request, not by the server's start.
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.anything() }),
      'preparing credentials failed',
    );
    logged.mockRestore();
    const card = (await admins.second.admin.approvals.pending()).find((a) => a.id === approvalId);
    expect(card?.credentials?.status).toBe('failed');
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: approvalId }),
      'PRECONDITION_FAILED',
      /^Preparing the voters' credentials failed\. It has started again/,
    );
    await preparationSettled(built.db, id);
    expect(preparationState(built.db, id)?.status).toBe('ready');
    await admins.second.admin.approvals.confirm({ id: approvalId });
    expect(credentialsOf(id).length).toBe(activeAccounts().length);
  });

  it('a request cancelled mid-way ends the job; a new one reads again, deriving only what is missing', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Cancelled and asked again');
    const first = await askToOpen(opening);
    await until(() => (preparationState(built.db, id)?.checked ?? 0) > 0, 'a first page');
    await admins.second.admin.approvals.cancel({ id: first });
    await preparationSettled(built.db, id);
    expect(preparationState(built.db, id)).toBeNull();
    const made = credentialsOf(id).length;
    expect(made).toBeGreaterThan(0);
    // Meanwhile, unlogged: an account holding a credential is deactivated.
    const deactivated = credentialsOf(id).find((c) => c.userId?.startsWith('acct-'))?.userId as string;
    built.db.insert(profiles).values({ userId: deactivated, isActive: false }).run();
    const second = await askToOpen(opening);
    await preparationSettled(built.db, id);
    await admins.second.admin.approvals.confirm({ id: second });
    const holders = credentialsOf(id).map((c) => c.userId as string);
    expect(holders.sort()).toEqual(activeAccounts());
    expect(holders).not.toContain(deactivated);
  });

  it('a request cancelled and asked again while a page is in the workers: that page is not written', async () => {
    // A whole page of accounts: its credentials take the workers a good part of a second.
    insertAccounts(1_000);
    const { id, opening } = await draftWithTrustees(admins, 'Cancelled while a page was being made');
    const first = await askToOpen(opening);
    // The job has read its first page and waits for the workers' credentials.
    await until(() => preparationState(built.db, id) !== null, 'the preparation');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preparationState(built.db, id)?.checked).toBe(0);
    await admins.second.admin.approvals.cancel({ id: first });
    // No preparation exists, so nothing logs it: an account of that first page can no longer vote.
    const [deactivated] = activeAccounts();
    built.db
      .insert(profiles)
      .values({ userId: deactivated as string, isActive: false })
      .run();
    const second = await askToOpen(opening);
    await preparationSettled(built.db, id);
    await admins.second.admin.approvals.confirm({ id: second });
    const holders = credentialsOf(id).map((c) => c.userId as string);
    expect(holders).not.toContain(deactivated);
    expect(holders.sort()).toEqual(activeAccounts());
    expect(await archivedCredentials(id)).toHaveLength(holders.length);
  });

  it('an outside authority list given mid-way ends the job and the request; a second request waits on the first', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Switched to outside');
    const approvalId = await askToOpen(opening);
    await expectTrpcError(admins.first.admin.elections.update(opening), 'CONFLICT');
    const uuid = beleniosUuid(built, id);
    const file = Buffer.from(JSON.stringify([publicCredential(uuid, generateCredential())]));
    const adminId = (await createAdmin(built.db)).id;
    await setPublicCredentials(built.db, { electionId: id, file }, () => adminId);
    await preparationSettled(built.db, id);
    expect(
      built.db.select().from(credentialPreparations).where(eq(credentialPreparations.electionId, id)).get(),
    ).toBeUndefined();
    // Only the outside list: none of Codka's was written after it.
    expect(
      built.db
        .select()
        .from(electionCredentials)
        .where(and(eq(electionCredentials.electionId, id), isNotNull(electionCredentials.userId)))
        .all(),
    ).toHaveLength(0);
    // The voters' credentials are not the ones the request was made with: the confirm refuses, and the opening
    // is asked for again with the outside list.
    await expectTrpcError(admins.second.admin.approvals.confirm({ id: approvalId }), 'CONFLICT');
    await admins.first.admin.approvals.cancel({ id: approvalId });
    await admins.second.admin.approvals.confirm({ id: await askToOpen(opening) });
    expect(await archivedCredentials(id)).toHaveLength(1);
  });
});
