import { hashPassword } from '@server/auth/passwords';
import type { Db } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import type { StaffRole } from '@shared/roles';

let sequence = 0;
/** Unique per call, so tests never collide and never rely on seed data. */
export function uniqueEmail(prefix = 'citizen'): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}@test.codka.example`;
}

export const TEST_PASSWORD = 'correct horse 42';

const hashes = new Map<string, Promise<string>>();
/**
 * The argon2id hash of `password`, made once per test file and shared by every account made with it: hashing
 * (at the production cost, which the sign-in tests check) is the slow part of making users. A salt shared by
 * test accounts changes nothing a test checks.
 */
export function testPasswordHash(password: string = TEST_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

export async function createUser(
  db: Db,
  options: {
    role?: StaffRole | null;
    isActive?: boolean;
    email?: string;
    password?: string;
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role === 'System Admin' ? 'admin' : 'citizen');
  const password = options.password ?? TEST_PASSWORD;
  const fullName = options.role === 'System Admin' ? 'Test Admin' : 'Test Citizen';
  const user = db
    .insert(users)
    .values({
      email,
      passwordHash: await testPasswordHash(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id })
    .get();
  db.insert(profiles)
    .values({ userId: user.id, fullName, role: options.role ?? null, isActive: options.isActive ?? true })
    .run();
  return { id: user.id, email, password, fullName };
}

export function createAdmin(db: Db, options: { isActive?: boolean } = {}): Promise<TestUser> {
  return createUser(db, { ...options, role: 'System Admin' });
}
