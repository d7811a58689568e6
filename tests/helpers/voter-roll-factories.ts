import type { Db } from '@server/db/client';
import {
  districts,
  profiles,
  registrationCenters,
  rollFlags,
  staffCenters,
  users,
  voters,
} from '@server/db/schema';
import { dateOfBirthHash } from '@server/services/voter-roll/date-of-birth';
import { requestEnrollmentCode } from '@server/services/voter-roll/enrollment-codes';
import type { DistrictRegion } from '@shared/regions';
import type { StaffRole } from '@shared/roles';
import { voterCardNumberSchema } from '@shared/schemas/voter-roll';
import type { RollFlagKind, VoterSource, VoterStatus } from '@shared/voter-roll';
import { inArray } from 'drizzle-orm';
import { TEST_PASSWORD, type TestUser, testPasswordHash, uniqueEmail } from './factories';

/**
 * Voter roll rows for tests: places (districts and centers), staff, entries in every status, codes
 * and flags. Values are unique per call, so tests never collide.
 */
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A card number nobody else has: 'TC-<n>-<time>'. */
export function uniqueCardNumber(prefix = 'TC'): string {
  return `${prefix}-${next()}-${Date.now().toString(36).toUpperCase()}`;
}

/** A district of `region`, as an admin would add it. */
export function createDistrict(db: Db, region: DistrictRegion = 'Banadir') {
  const n = next();
  return db
    .insert(districts)
    .values({ name: `District ${n}`, code: `TD-${n}-${Date.now().toString(36)}`, region })
    .returning({ id: districts.id, region: districts.region })
    .get();
}

/** An active registration center in a new district of `region` (or in `districtId`). */
export function createCenter(
  db: Db,
  options: { region?: DistrictRegion; districtId?: string; isActive?: boolean } = {},
) {
  const districtId = options.districtId ?? createDistrict(db, options.region).id;
  const n = next();
  const center = db
    .insert(registrationCenters)
    .values({
      name: `Center ${n}`,
      code: `TC-${n}-${Date.now().toString(36)}`,
      districtId,
      isActive: options.isActive ?? true,
    })
    .returning({ id: registrationCenters.id })
    .get();
  return { centerId: center.id, districtId };
}

/**
 * An account (password TEST_PASSWORD, e-mail verified) with a staff role or none, made without hashing
 * again: `createUser` for tests that make dozens of citizens, staff and claimants.
 */
export async function rollUser(
  db: Db,
  options: { role?: StaffRole | null; fullName?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(options.role ? 'staff' : 'citizen');
  const fullName = options.fullName ?? (options.role ? `Test ${options.role}` : 'Test Citizen');
  const user = db
    .insert(users)
    .values({ email, passwordHash: await testPasswordHash(), emailVerifiedAt: new Date() })
    .returning({ id: users.id })
    .get();
  db.insert(profiles)
    .values({ userId: user.id, fullName, role: options.role ?? null })
    .run();
  return { id: user.id, email, password: TEST_PASSWORD, fullName };
}

/** Marks accounts' e-mail addresses confirmed: claiming a card online needs a confirmed contact. */
export function confirmContacts(db: Db, userIds: string[]) {
  db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, userIds)).run();
}

/** Assigns a registrar to a center (what a System Admin does on /admin/users). */
export function assignCenter(db: Db, userId: string, centerId: string) {
  db.insert(staffCenters).values({ userId, centerId }).run();
}

/** A Registrar assigned to one new center (in `region`), with the center's district. */
export async function registrarWithCenter(db: Db, options: { region?: DistrictRegion } = {}) {
  const user = await rollUser(db, { role: 'Registrar' });
  const place = createCenter(db, { region: options.region });
  assignCenter(db, user.id, place.centerId);
  return { user, ...place };
}

/** An Enrollment Supervisor. */
export function supervisor(db: Db): Promise<TestUser> {
  return rollUser(db, { role: 'Enrollment Supervisor' });
}

export interface VoterOptions {
  userId?: string | null;
  region?: DistrictRegion;
  districtId?: string;
  centerId?: string | null;
  status?: VoterStatus;
  source?: VoterSource;
  enteredBy?: string | null;
  voterCardNumber?: string;
  fullName?: string;
  /** 'YYYY-MM-DD': stored as the keyed hash, as the CSV import does. */
  dateOfBirth?: string;
  createdAt?: Date;
}

/** A voter entry, enrolled unless told otherwise, in a new district of `region` unless given one. */
export function enrolledVoter(db: Db, options: VoterOptions = {}) {
  const districtId = options.districtId ?? createDistrict(db, options.region).id;
  // Stored as every write path of the app stores it: through the card number's schema (canonical).
  const voterCardNumber = voterCardNumberSchema.parse(options.voterCardNumber ?? uniqueCardNumber());
  const row = db
    .insert(voters)
    .values({
      voterCardNumber,
      fullName: options.fullName ?? 'Roll Voter',
      districtId,
      centerId: options.centerId ?? null,
      status: options.status ?? 'enrolled',
      source: options.source ?? 'registrar',
      dateOfBirthHash: options.dateOfBirth ? dateOfBirthHash(db, options.dateOfBirth) : null,
      userId: options.userId ?? null,
      enteredBy: options.enteredBy ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: voters.id })
    .get();
  return { id: row.id, voterCardNumber, districtId };
}

/** A pending entry, as a registrar leaves it for review. */
export function pendingEntry(db: Db, options: VoterOptions = {}) {
  return enrolledVoter(db, { ...options, status: 'pending' });
}

/** An entry from the commission's roll: enrolled, no account yet, date of birth kept as its hash. */
export function importedEntry(db: Db, options: VoterOptions & { dateOfBirth: string }) {
  return enrolledVoter(db, { ...options, source: 'import', status: 'enrolled', userId: null });
}

/** A fresh enrollment code for an account, as /account shows it. */
export function issueCode(db: Db, userId: string, now = new Date()): string {
  return requestEnrollmentCode(db, userId, now).code;
}

/** An open flag on an entry ('cardAlreadyClaimed' unless told otherwise). */
export function openFlag(
  db: Db,
  voterId: string,
  reportedUserId: string | null,
  options: { kind?: RollFlagKind; createdAt?: Date } = {},
) {
  return db
    .insert(rollFlags)
    .values({
      kind: options.kind ?? 'cardAlreadyClaimed',
      voterId,
      reportedUserId,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: rollFlags.id })
    .get();
}
