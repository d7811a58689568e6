import { eq } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import type { Db } from '../server/db/client';
import { profiles, users } from '../server/db/schema';
import type { StaffRole } from '../shared/roles';
import { DEMO_ADMIN, DEMO_CITIZEN, DEMO_VOTER_COUNT, demoVoterEmail } from './demo-accounts';

async function ensureAccount(
  db: Db,
  account: { email: string; password: string | null; fullName: string; role: StaffRole | null },
): Promise<string> {
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).get();
  if (existing) return existing.id;
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  return db.transaction((tx) => {
    const user = tx
      .insert(users)
      .values({ email: account.email, passwordHash, emailVerifiedAt: new Date() })
      .returning({ id: users.id })
      .get();
    tx.insert(profiles).values({ userId: user.id, fullName: account.fullName, role: account.role }).run();
    return user.id;
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

/** The demo admin, the demo citizen and the passwordless voters behind the demo results. */
export async function seedAccounts(db: Db) {
  const adminId = await ensureAccount(db, { ...DEMO_ADMIN, role: 'System Admin' });
  const citizenId = await ensureAccount(db, { ...DEMO_CITIZEN, role: null });
  const voterIds: string[] = [];
  for (let n = 1; n <= DEMO_VOTER_COUNT; n++) {
    const name = `${VOTER_NAMES[n % VOTER_NAMES.length]} Voter ${String(n).padStart(3, '0')}`;
    voterIds.push(
      await ensureAccount(db, { email: demoVoterEmail(n), password: null, fullName: name, role: null }),
    );
  }
  return { adminId, citizenId, voterIds };
}
