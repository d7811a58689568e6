import { hashPassword } from '@server/auth/passwords';
import type { Db } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import type { StaffRole } from '@shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import {
  DEMO_ADMIN,
  DEMO_CITIZEN,
  DEMO_REGISTRAR,
  DEMO_SECOND_ADMIN,
  DEMO_SUPERVISOR,
  DEMO_VOTER_COUNT,
  type DemoCredential,
  demoVoterEmail,
  generateDemoPassword,
} from './demo-accounts';

/** The account's id, and whether it was created now (an existing account keeps its password). */
async function ensureAccount(
  db: Db,
  account: { email: string; password: string | null; fullName: string; role: StaffRole | null },
): Promise<{ id: string; created: boolean }> {
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).get();
  if (existing) return { id: existing.id, created: false };
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  return db.transaction((tx) => {
    const user = tx
      .insert(users)
      .values({ email: account.email, passwordHash, emailVerifiedAt: new Date() })
      .returning({ id: users.id })
      .get();
    tx.insert(profiles).values({ userId: user.id, fullName: account.fullName, role: account.role }).run();
    return { id: user.id, created: true };
  });
}

const VOTER_NAMES = [
  'Abdi',
  'Hodan',
  'Farah',
  'Sahra',
  'Yusuf',
  'Faadumo',
  'Ahmed',
  'Khadra',
  'Omar',
  'Ifrah',
];

/**
 * The two demo admins, the demo citizen, the roll's registrar and supervisor, and the passwordless voters behind
 * the demo results. The five accounts that can sign in get a password drawn now; `credentials` holds those of
 * the accounts created by this call (none on a second run), for the caller to show once and keep in the
 * owner-only file.
 */
export async function seedAccounts(db: Db) {
  const credentials: DemoCredential[] = [];
  const withPassword = async (
    account: { email: string; fullName: string; label: string },
    role: StaffRole | null,
  ) => {
    const password = generateDemoPassword();
    const { id, created } = await ensureAccount(db, { ...account, password, role });
    if (created) credentials.push({ label: account.label, email: account.email, password });
    return id;
  };
  const adminId = await withPassword(DEMO_ADMIN, 'System Admin');
  const secondAdminId = await withPassword(DEMO_SECOND_ADMIN, 'System Admin');
  const citizenId = await withPassword(DEMO_CITIZEN, null);
  // Her demo number, unless an account already holds it (a number belongs to one account).
  const numberTaken = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, DEMO_CITIZEN.phone))
    .get();
  if (!numberTaken) {
    db.update(users)
      .set({ phone: DEMO_CITIZEN.phone, phoneConfirmedAt: new Date() })
      .where(and(eq(users.id, citizenId), isNull(users.phone)))
      .run();
  }
  const registrarId = await withPassword(DEMO_REGISTRAR, 'Registrar');
  const supervisorId = await withPassword(DEMO_SUPERVISOR, 'Enrollment Supervisor');
  const voterIds: string[] = [];
  for (let n = 1; n <= DEMO_VOTER_COUNT; n++) {
    const name = `${VOTER_NAMES[n % VOTER_NAMES.length]} Voter ${String(n).padStart(3, '0')}`;
    const voter = await ensureAccount(db, {
      email: demoVoterEmail(n),
      password: null,
      fullName: name,
      role: null,
    });
    voterIds.push(voter.id);
  }
  return { adminId, secondAdminId, citizenId, registrarId, supervisorId, voterIds, credentials };
}
