import { randomBytes } from 'node:crypto';
import { createSession } from '@server/auth/sessions';
import { generateSecureRandomString, hashSecret } from '@server/auth/tokens';
import type { Db } from '@server/db/client';
import {
  districts,
  emailVerifications,
  profiles,
  registrationCenters,
  sessions,
  twoFactorAuthenticators,
  users,
  votes,
} from '@server/db/schema';
import { addMonths, monthBounds, monthKey } from '@shared/months';
import { generateReceiptId } from '@shared/receipts';
import type { StaffRole } from '@shared/roles';
import { eq } from 'drizzle-orm';
import { createElection } from '../election-factories';
import { TEST_PASSWORD, testPasswordHash, uniqueEmail } from '../factories';
import { createPoll, insertPollVote } from '../poll-factories';
import { passwordResetToken, photoFixtures } from './world-extras';
import { rollFixtures } from './world-roll';

export interface WorldUser {
  id: string;
  profileId: string;
  email: string;
  password: string;
  fullName: string;
}

/** A user with the shared test password, made without hashing again. */
export async function insertUser(
  db: Db,
  options: { role?: StaffRole | null; isActive?: boolean; verified?: boolean } = {},
): Promise<WorldUser> {
  const email = uniqueEmail(options.role === 'System Admin' ? 'admin' : 'citizen');
  const fullName = options.role === 'System Admin' ? 'World Admin' : 'World Citizen';
  const user = db
    .insert(users)
    .values({
      email,
      passwordHash: await testPasswordHash(),
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id })
    .get();
  const profile = db
    .insert(profiles)
    .values({ userId: user.id, fullName, role: options.role ?? null, isActive: options.isActive ?? true })
    .returning({ id: profiles.id })
    .get();
  return { id: user.id, profileId: profile.id, email, password: TEST_PASSWORD, fullName };
}

/**
 * An authenticator enrolled and turned on for the account, as `auth.twoFactor.confirm` leaves it: what a staff
 * account of a deployment that requires two-factor sign-in (the release's default) has before it may work.
 */
export function enrollAuthenticator(db: Db, userId: string): void {
  db.insert(twoFactorAuthenticators)
    .values({ userId, secret: randomBytes(20), enabledAt: new Date() })
    .run();
}

/** A session cookie for a user, as a browser would send it; optionally past the dashboard's step-up. */
export function sessionCookie(db: Db, userId: string, options: { steppedUp?: boolean } = {}): string {
  const { token, id } = createSession(db, userId);
  if (options.steppedUp) {
    db.update(sessions)
      .set({ steppedUpUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(sessions.id, id))
      .run();
  }
  return `codka_session=${token}`;
}

/**
 * Every kind of row a procedure can name, so each procedure has a valid input that succeeds for the
 * actors allowed to call it: accounts of each kind, elections and polls in each state, a district, a center,
 * a recorded vote with its receipt, and an unused email verification link.
 */
export async function buildWorld(db: Db) {
  const admin = await insertUser(db, { role: 'System Admin' });
  const citizen = await insertUser(db);
  const deactivated = await insertUser(db, { isActive: false });
  const otherCitizen = await insertUser(db);
  const unverified = await insertUser(db, { verified: false });
  const registrar = await insertUser(db, { role: 'Registrar' });

  const active = createElection(db, { candidateCount: 3 });
  const draft = createElection(db, { status: 'Draft', candidateCount: 1 });
  const closed = createElection(db, {
    status: 'Closed',
    startTime: new Date(Date.now() - 48 * 3_600_000),
    endTime: new Date(Date.now() - 24 * 3_600_000),
    candidateCount: 2,
  });
  const receiptId = generateReceiptId();
  const closedCandidate = closed.candidates[0]?.id ?? '';
  db.insert(votes)
    .values({
      userId: otherCitizen.id,
      electionId: closed.election.id,
      questionId: closed.election.id,
      candidateId: closedCandidate,
      receiptId,
      selections: JSON.stringify({ candidate_id: closedCandidate }),
    })
    .run();

  // Months counted from today's in Somalia: the open poll's day (an hour ago to a day ahead) never meets the
  // draft's month, two months on, which Publish would refuse as a second poll open at once.
  const thisMonth = monthKey(new Date());
  const openPoll = createPoll(db, { candidateCount: 2, monthYear: thisMonth });
  // A draft votes within its own month, or Publish refuses it.
  const draftMonth = addMonths(thisMonth, 2);
  const draftPoll = createPoll(db, {
    status: 'draft',
    candidateCount: 1,
    monthYear: draftMonth,
    ...monthBounds(draftMonth),
  });
  const closedPoll = createPoll(db, {
    status: 'closed',
    candidateCount: 1,
    monthYear: addMonths(thisMonth, -1),
    opensAt: new Date(Date.now() - 48 * 3_600_000),
    closesAt: new Date(Date.now() - 24 * 3_600_000),
  });
  insertPollVote(db, {
    pollId: closedPoll.poll.id,
    userId: otherCitizen.id,
    candidateId: closedPoll.candidates[0]?.id ?? '',
  });

  const district = db
    .insert(districts)
    .values({ name: 'Hodan', code: 'BN-HOD', region: 'Banadir', population: 1000 })
    .returning({ id: districts.id })
    .get();
  const spareDistrict = db
    .insert(districts)
    .values({ name: 'Wadajir', code: 'BN-WAD', region: 'Banadir' })
    .returning({ id: districts.id })
    .get();
  const center = db
    .insert(registrationCenters)
    .values({ name: 'Hodan Center', code: 'RC-001', districtId: district.id })
    .returning({ id: registrationCenters.id })
    .get();

  const verificationId = generateSecureRandomString();
  const verificationSecret = generateSecureRandomString();
  db.insert(emailVerifications)
    .values({
      id: verificationId,
      userId: unverified.id,
      email: unverified.email,
      secretHash: hashSecret(verificationSecret),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .run();

  const photos = photoFixtures(db, admin.id);
  const resetToken = passwordResetToken(db, otherCitizen.id);
  const roll = await rollFixtures(db, { centerId: center.id, districtId: district.id }, (role) =>
    insertUser(db, { role }),
  );

  const first = <T>(rows: T[]): T => {
    const row = rows[0];
    if (row === undefined) throw new Error('the world is missing a row');
    return row;
  };
  return {
    db,
    users: { admin, citizen, deactivated, otherCitizen, unverified, registrar },
    elections: {
      activeId: active.election.id,
      activeCandidateId: first(active.candidates).id,
      draftId: draft.election.id,
      draftCandidateId: first(draft.candidates).id,
      closedId: closed.election.id,
      closedCandidateId: closedCandidate,
      receiptId,
    },
    polls: {
      openId: openPoll.poll.id,
      openCandidateId: first(openPoll.candidates).id,
      draftId: draftPoll.poll.id,
      closedId: closedPoll.poll.id,
      closedCandidateId: first(closedPoll.candidates).id,
    },
    districtId: district.id,
    spareDistrictId: spareDistrict.id,
    centerId: center.id,
    verificationToken: `${verificationId}.${verificationSecret}`,
    resetToken,
    photos,
    roll,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
