import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { RouterOutputs } from '@server/routers/_app';
import { callerFor, type TestDeps } from './caller';
import { createAdmin, TEST_PASSWORD } from './factories';

/** The user of an auth.signIn answer that started a session; fails on a two-factor answer. */
export function signedInUser(result: RouterOutputs['auth']['signIn']) {
  if (!('user' in result)) throw new Error('expected a session, got a two-factor challenge');
  return result.user;
}

/** The key inside an otpauth:// URI, as an authenticator app reads it from the QR code. */
export function keyFromUri(uri: string): Uint8Array {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return decodeBase32IgnorePadding(secret);
}

/** The code an authenticator app shows for a key at a moment (30-second steps, 6 digits). */
export function totpAt(key: Uint8Array, atMs = Date.now()): string {
  return generateHOTP(key, BigInt(Math.floor(atMs / 30_000)), 6);
}

/**
 * A System Admin who enrolled an authenticator through auth.twoFactor. The confirming code spent the
 * current step, so `nextCode()` is what the app shows next (accepted: one step of drift is allowed).
 */
export async function enrolledAdmin(deps: TestDeps) {
  const admin = await createAdmin(deps.db);
  const { caller } = callerFor(deps, admin);
  const { uri } = await caller.auth.twoFactor.begin({ password: TEST_PASSWORD });
  const key = keyFromUri(uri);
  const { recoveryCodes } = await caller.auth.twoFactor.confirm({
    password: TEST_PASSWORD,
    code: totpAt(key),
  });
  return { admin, key, recoveryCodes, caller, nextCode: () => totpAt(key, Date.now() + 30_000) };
}
