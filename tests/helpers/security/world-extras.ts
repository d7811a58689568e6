import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { createRateLimits } from '@server/auth/rate-limits';
import { generateSecureRandomString, hashSecret } from '@server/auth/tokens';
import type { Db } from '@server/db/client';
import { memberPhotos, passwordResets, photoProcessingJobs, sessions } from '@server/db/schema';
import { settledPhotoJob } from '@server/jobs/photo-refresh/runner';
import { createNameAlias } from '@server/services/photos/name-aliases';
import { beginTwoFactor, confirmTwoFactor } from '@server/services/two-factor';
import { startTwoFactorChallenge } from '@server/services/two-factor-sign-in';
import { eq } from 'drizzle-orm';
import { createMember, createSenator } from '../directory-factories';

/**
 * Settings for every security test's app: photo sources on a closed local port (a photo job an admin starts
 * in a test ends at once instead of reaching the parliament's site) and uploads in a temporary folder.
 */
export function securityEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PARLIAMENT_SOURCE_URL: 'http://127.0.0.1:9/members/',
    SENATE_SOURCE_URL: 'http://127.0.0.1:9/senate/',
    UPLOADS_DIR: join(mkdtempSync(join(tmpdir(), 'codka-security-')), 'uploads'),
    ...extra,
  };
}

/** Waits for a photo job a test may have started, so none outlives its test. */
export function settlePhotoJobs(db: Db) {
  return settledPhotoJob(db);
}

/** A House member with a name alias, one whose photo an admin set by hand, and a finished photo job. */
export function photoFixtures(db: Db, adminId: string) {
  const member = createMember(db, { name: 'Amina Warsame Cali' });
  const overridden = createMember(db, { name: 'Hodan Cabdi Nuur' });
  db.insert(memberPhotos)
    .values({
      memberId: overridden.id,
      memberName: 'Hodan Cabdi Nuur',
      memberType: 'parliament',
      manualOverrideUrl: '/uploads/photos/hodan.webp',
      processingStatus: 'completed',
    })
    .run();
  const alias = createNameAlias(
    db,
    { scrapedName: 'Xildhibaan Amina W. Cali', memberType: 'parliament', memberId: member.id },
    adminId,
  );
  const job = db
    .insert(photoProcessingJobs)
    .values({ jobType: 'refresh', status: 'completed', createdBy: adminId })
    .returning({ id: photoProcessingJobs.id })
    .get();
  const senator = createSenator(db, { name: 'Faadumo Xasan Cali', state: 'Galmudug' });
  return {
    memberId: member.id,
    memberSeat: member.hopNumber.replace('#', ''),
    senatorId: senator.id,
    overriddenMemberId: overridden.id,
    aliasId: alias.id,
    photoJobId: job.id,
  };
}

/** An unused password reset link for a user, as the emailed one would be. */
export function passwordResetToken(db: Db, userId: string): string {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  db.insert(passwordResets)
    .values({ id, userId, secretHash: hashSecret(secret), expiresAt: new Date(Date.now() + 3_600_000) })
    .run();
  return `${id}.${secret}`;
}

/** The code an authenticator shows for a key now. */
export function totpNow(key: Uint8Array): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000)), 6);
}

/** Starts authenticator enrolment for a user; returns the key the QR code carries. */
export async function beginEnrolment(db: Db, user: { id: string; email: string }): Promise<Uint8Array> {
  const { uri } = await beginTwoFactor(db, user);
  return decodeBase32IgnorePadding(new URL(uri).searchParams.get('secret') ?? '');
}

/**
 * Turns two-factor sign-in on for a user; returns one unused recovery code. Turning it on ends the account's
 * other sessions; the test's own sessions of this user are put back, as if it had enrolled from each of them.
 */
export async function enableTwoFactor(db: Db, user: { id: string; email: string }): Promise<string> {
  const key = await beginEnrolment(db, user);
  const kept = db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
  const { recoveryCodes } = await confirmTwoFactor(
    { db, limits: createRateLimits(false) },
    { userId: user.id, keepSessionId: null },
    totpNow(key),
  );
  if (kept.length > 0) db.insert(sessions).values(kept).run();
  return recoveryCodes[0] ?? '';
}

/** A sign-in whose password was right and whose second factor is awaited, for an account with two-factor on. */
export async function pendingTwoFactorSignIn(db: Db, user: { id: string; email: string }) {
  const code = await enableTwoFactor(db, user);
  return { pendingToken: startTwoFactorChallenge(db, user.id), code };
}
