import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, MIGRATIONS_FOLDER, migrateDb } from '@server/db/client';
import { approveEntry, reinstateVoter, suspendVoter } from '@server/services/voter-roll/review';
import { applyConfirmedRoll } from '@server/services/voter-roll/roll-import';
import { afterEach, describe, expect, it } from 'vitest';
import { unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { uniqueEmail } from '../helpers/factories';
import { codeSentTo, uniquePhone } from '../helpers/phone';
import { rollCsv, rollDistricts, rollRows } from '../helpers/roll-import';
import { addAccount, addDistrict, addVoter } from '../helpers/turnout-factories';

// eligible_voter_counts (drizzle/0010) is kept by triggers: after every write that changes who may vote, it must
// say what counting the accounts and the roll afresh says, and the turnout beside results must show it.

/** What the triggers keep, zeros left out (a region whose last voter left keeps a row at 0). */
function kept(db: Db) {
  return db.$client
    .prepare(
      'SELECT rule, region, voters FROM eligible_voter_counts WHERE voters <> 0 ORDER BY rule, region COLLATE BINARY',
    )
    .all();
}

/** The same, counted from the rows (the queries turnout ran on every read before 0010). */
function recounted(db: Db) {
  return db.$client
    .prepare(
      `SELECT * FROM (
         SELECT 'signedIn' AS rule, '' AS region, count(*) AS voters FROM profiles WHERE is_active
         UNION ALL
         SELECT 'verifiedContact', '', count(*) FROM profiles JOIN users ON users.id = profiles.user_id
           WHERE profiles.is_active
             AND (users.email_verified_at IS NOT NULL OR users.phone_confirmed_at IS NOT NULL)
         UNION ALL
         SELECT 'enrolled', districts.region, count(*) FROM voters JOIN districts ON districts.id = voters.district_id
           WHERE voters.status = 'enrolled' GROUP BY districts.region
       ) WHERE voters <> 0 ORDER BY rule, region COLLATE BINARY`,
    )
    .all();
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('eligible voter counts (turnout without counting every account or the roll)', () => {
  it('follow sign-up, e-mail confirmation, deactivation and deletion of accounts', async () => {
    const deps = createTestDeps();
    const { caller: admin } = await unlockedAdmin(deps);
    const expectExact = () => expect(kept(deps.db)).toEqual(recounted(deps.db));
    expectExact();

    const visitor = callerFor(deps, null).caller;
    await visitor.auth.signUp({ email: uniqueEmail(), password: 'sesame-41' });
    expectExact();
    const token = deps.mailer.sent.at(-1)?.text?.match(/token=([a-z2-9]{24}\.[a-z2-9]{24})/)?.[1] ?? '';
    await visitor.auth.verifyEmail({ token });
    expectExact();

    const citizen = addAccount(deps.db);
    const unconfirmed = addAccount(deps.db, { verified: false });
    addAccount(deps.db, { isActive: false });
    expectExact();
    // The admin's users page acts on the profile.
    const profileOf = (userId: string) =>
      deps.db.$client.prepare('SELECT id FROM profiles WHERE user_id = ?').pluck().get(userId) as string;
    await admin.admin.users.setActive({ id: profileOf(citizen), isActive: false });
    expectExact();
    await admin.admin.users.setActive({ id: profileOf(unconfirmed), isActive: false });
    await admin.admin.users.setActive({ id: profileOf(citizen), isActive: true });
    expectExact();
    // An address confirmed, then cleared, by an operator; and deletions (the profile goes by cascade).
    deps.db.$client.prepare('UPDATE users SET email_verified_at = NULL WHERE id = ?').run(citizen);
    expectExact();
    deps.db.$client.prepare('UPDATE users SET email_verified_at = 1 WHERE id = ?').run(citizen);
    expectExact();
    deps.db.$client.prepare('DELETE FROM users WHERE id = ?').run(citizen);
    deps.db.$client.prepare('DELETE FROM users WHERE id = ?').run(unconfirmed);
    expectExact();
    const moved = addAccount(deps.db, { verified: false });
    deps.db.$client.prepare('DELETE FROM profiles WHERE user_id = ?').run(moved);
    expectExact();
    // Left: the admin and the citizen who signed up and confirmed the address.
    expect(kept(deps.db)).toEqual([
      { rule: 'signedIn', region: '', voters: 2 },
      { rule: 'verifiedContact', region: '', voters: 2 },
    ]);
  });

  it('follow a phone number confirmed by its code, taken over by another account, and cleared', async () => {
    const deps = createTestDeps();
    const expectExact = () => expect(kept(deps.db)).toEqual(recounted(deps.db));
    const phone = uniquePhone();
    await callerFor(deps, null).caller.auth.signUp({ phone, password: 'a good secret' });
    expectExact();
    const account = deps.db.$client
      .prepare('SELECT id FROM users WHERE phone = ?')
      .pluck()
      .get(phone) as string;
    const holder = callerFor(deps, { id: account, email: '', password: '', fullName: '' }).caller;
    await holder.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, phone) });
    expectExact();
    // Another account proves the number of an unconfirmed one; then an operator clears a confirmation.
    const squatted = uniquePhone();
    const squatter = addAccount(deps.db, { verified: false });
    deps.db.$client.prepare('UPDATE users SET phone = ? WHERE id = ?').run(squatted, squatter);
    const other = callerFor(deps, {
      id: addAccount(deps.db, { verified: false }),
      email: '',
      password: '',
      fullName: '',
    });
    await other.caller.auth.requestPhoneCode({ phone: squatted });
    await other.caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, squatted) });
    expectExact();
    deps.db.$client.prepare('UPDATE users SET phone_confirmed_at = NULL WHERE id = ?').run(account);
    expectExact();
    expect(kept(deps.db)).toContainEqual({ rule: 'verifiedContact', region: '', voters: 1 });
  });

  it('follow the roll: import, review, suspension, a move between districts and a district changing region', async () => {
    const deps = createTestDeps();
    const { admin } = await unlockedAdmin(deps);
    const actor = { id: admin.id, isAdmin: true };
    const expectExact = () => expect(kept(deps.db)).toEqual(recounted(deps.db));

    rollDistricts(deps.db);
    const imported = applyConfirmedRoll(deps.db, Buffer.from(rollCsv(rollRows(400)), 'utf8'), {
      enteredBy: admin.id,
      reviewedBy: admin.id,
    });
    expect(imported.rows).toBe(400);
    expectExact();
    expect(kept(deps.db)).toEqual(
      expect.arrayContaining([
        { rule: 'enrolled', region: 'Banadir', voters: 200 },
        { rule: 'enrolled', region: 'Bari', voters: 200 },
      ]),
    );

    const bay = addDistrict(deps.db, 'Bay');
    const pending = addVoter(deps.db, bay, { status: 'pending' });
    expectExact();
    approveEntry(deps.db, actor, pending);
    expectExact();
    suspendVoter(deps.db, actor, pending, 'Card reported stolen');
    expectExact();
    reinstateVoter(deps.db, actor, pending);
    expectExact();

    const gedo = addDistrict(deps.db, 'Gedo');
    deps.db.$client.prepare('UPDATE voters SET district_id = ? WHERE id = ?').run(gedo, pending);
    expectExact();
    addVoter(deps.db, gedo);
    addVoter(deps.db, gedo, { status: 'rejected' });
    const { caller } = await unlockedAdmin(deps);
    await caller.admin.districts.update({ id: gedo, name: 'Moved', code: 'MV-1', region: 'Hiraan' });
    expectExact();
    expect(kept(deps.db)).toContainEqual({ rule: 'enrolled', region: 'Hiraan', voters: 2 });
    deps.db.$client.prepare('DELETE FROM voters WHERE id = ?').run(pending);
    expectExact();
  });

  it('are what turnout shows an admin beside the results, under each rule', async () => {
    const deps = createTestDeps();
    const { caller: admin } = await unlockedAdmin(deps);
    const bari = addDistrict(deps.db, 'Bari');
    for (let index = 0; index < 3; index += 1) addVoter(deps.db, bari);
    addAccount(deps.db, { verified: false });
    const eligibleFor = async (
      eligibility: 'enrolled' | 'verifiedContact' | 'signedIn',
      regions?: string[],
    ) => {
      const { election } = createElection(deps.db, {
        eligibility,
        eligibleRegions: regions ?? null,
        resultsVisible: true,
        hideResultsUntilClose: false,
      } as Parameters<typeof createElection>[1]);
      return (await admin.elections.results({ id: election.id })).turnout?.eligibleVoters;
    };
    // The stepped-up admin and the unconfirmed citizen are the two active accounts; one has a confirmed address.
    expect(await eligibleFor('signedIn')).toBe(2);
    expect(await eligibleFor('verifiedContact')).toBe(1);
    expect(await eligibleFor('enrolled')).toBe(3);
    expect(await eligibleFor('enrolled', ['Bari'])).toBe(3);
    expect(await eligibleFor('enrolled', ['Awdal'])).toBe(0);
  });

  it('start from the rows already there when the migration runs on an existing database', () => {
    const folder = mkdtempSync(join(tmpdir(), 'codka-counts-'));
    folders.push(folder);
    // The migrations before 0010, as an existing deployment has them.
    const before = join(folder, 'drizzle');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === '0010_eligible_voter_counts');
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const db = createDb(join(folder, 'codka.db'));
    migrateDb(db, before);
    const banadir = addDistrict(db, 'Banadir');
    for (let index = 0; index < 5; index += 1) addVoter(db, banadir, { userId: addAccount(db) });
    addVoter(db, banadir, { status: 'suspended' });
    addAccount(db, { verified: false });
    addAccount(db, { isActive: false });

    migrateDb(db);
    expect(kept(db)).toEqual(recounted(db));
    expect(kept(db)).toEqual([
      { rule: 'enrolled', region: 'Banadir', voters: 5 },
      { rule: 'signedIn', region: '', voters: 6 },
      { rule: 'verifiedContact', region: '', voters: 5 },
    ]);
    db.$client.close();
  });
});
