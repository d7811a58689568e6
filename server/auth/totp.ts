import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { generateSecureRandomString } from './tokens';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Codka';
/** Steps accepted either side of now: a phone clock a little off still works (RFC 6238 §5.2). */
const ALLOWED_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** 160 bits, the HMAC-SHA1 block RFC 4226 recommends. */
export function newTotpKey(): Uint8Array {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return key;
}

export function totpKeyUri(accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / (TOTP_PERIOD_SECONDS * 1000));
}

/**
 * The time step a code belongs to, within one step of now, or null. Steps at or before lastUsedStep
 * are skipped, so a code that was seen once (over a shoulder, in a proxy) cannot be replayed.
 */
export function matchTotpStep(
  key: Uint8Array,
  code: string,
  lastUsedStep: number | null,
  nowMs = Date.now(),
): number | null {
  const current = totpStep(nowMs);
  for (let step = current - ALLOWED_DRIFT_STEPS; step <= current + ALLOWED_DRIFT_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/** Ten characters (50 bits) each; only hashes are stored, and each works once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => generateSecureRandomString().slice(0, 10));
}

/** How a recovery code is shown: "abcde-fghij". */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
