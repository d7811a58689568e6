import { z } from 'zod';
import { messages as authMessages, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, phone, smsCode } from './auth';

export const accountMessages = {
  currentPasswordRequired: 'validation.currentPasswordRequired',
  samePassword: 'validation.samePassword',
  resetLinkInvalid: 'passwordReset.linkInvalid',
  codeRequired: 'validation.codeRequired',
  codeInvalidFormat: 'validation.codeFormat',
  setupCodeInvalidFormat: 'validation.setupCodeFormat',
  signInExpired: 'signIn.expired',
} as const;

/** What auth.requestPasswordReset answers (in English; the client says it by this key), whether or not the email belongs to an account. */
export const PASSWORD_RESET_REQUESTED = 'passwordReset.requested';
/** The same for a phone number: a code by SMS instead of a link. */
export const PASSWORD_RESET_SMS_REQUESTED = 'passwordReset.smsRequested';

const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

const currentPassword = z
  .string({ error: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

const confirmPassword = z.string().min(1, authMessages.passwordRequired);

/** Six digits, as authenticator apps show them (spaces allowed: some apps group them "123 456"). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Ten characters of the session-token alphabet, shown as "abcde-fghij". */
export const RECOVERY_CODE_PATTERN = /^[a-km-np-z2-9]{10}$/;

/** Spaces and dashes are how people copy codes; they carry no meaning. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

/** An authenticator code or a recovery code. */
export const secondFactorCode = z
  .string({ error: accountMessages.codeRequired })
  .max(64, accountMessages.codeInvalidFormat)
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, accountMessages.codeRequired)
      .refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), {
        message: accountMessages.codeInvalidFormat,
      }),
  );

/** Only an authenticator code: enrolment proves the app works. */
export const totpCode = z
  .string({ error: accountMessages.codeRequired })
  .max(64, accountMessages.setupCodeInvalidFormat)
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, accountMessages.codeRequired)
      .regex(TOTP_CODE_PATTERN, accountMessages.setupCodeInvalidFormat),
  );

const token = z
  .string({ error: accountMessages.resetLinkInvalid })
  .trim()
  .min(1, accountMessages.resetLinkInvalid)
  .max(200, accountMessages.resetLinkInvalid);

/** auth.changePassword */
export const changePasswordInput = z
  .strictObject({ currentPassword, newPassword })
  .refine((input) => input.currentPassword !== input.newPassword, {
    message: accountMessages.samePassword,
    path: ['newPassword'],
  });

/** The change-password form: the new password typed twice. */
export const changePasswordForm = z
  .object({ currentPassword, newPassword, confirmPassword })
  .refine((form) => form.currentPassword !== form.newPassword, {
    message: accountMessages.samePassword,
    path: ['newPassword'],
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** auth.requestPasswordReset: a link to an e-mail address, or a code by SMS to a phone number. */
export const requestPasswordResetInput = z
  .strictObject({ email: email.optional(), phone: phone.optional() })
  .refine((input) => (input.email === undefined) !== (input.phone === undefined), {
    message: authMessages.emailOrPhone,
    path: ['email'],
  });

/** auth.resetPasswordWithCode: the number, the code it received by SMS and the new password. */
export const resetPasswordWithCodeInput = z.strictObject({ phone, code: smsCode, newPassword });

/** The reset-by-SMS form: the code the number received and the new password typed twice. */
export const resetPasswordWithCodeForm = z
  .object({ code: smsCode, newPassword, confirmPassword })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** auth.resetPassword */
export const resetPasswordInput = z.strictObject({ token, newPassword });

/** The reset-password form (the token comes from the link, not from a field). */
export const resetPasswordForm = z
  .object({ newPassword, confirmPassword })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** auth.signInTwoFactor: the token auth.signIn handed out, and a code. */
export const signInTwoFactorInput = z.strictObject({
  pendingToken: z
    .string({ error: accountMessages.signInExpired })
    .min(1, accountMessages.signInExpired)
    .max(200, accountMessages.signInExpired),
  code: secondFactorCode,
});

/** auth.twoFactor.begin: the password, so a stolen session cannot put its own authenticator on the account. */
export const twoFactorBeginInput = z.strictObject({ password: currentPassword });

/** auth.twoFactor.confirm: the first code, and the password again (the step that turns it on). */
export const twoFactorConfirmInput = z.strictObject({ password: currentPassword, code: totpCode });

/** auth.stepUp: the password, and the authenticator or a recovery code when two-factor sign-in is on. */
export const stepUpInput = z.strictObject({ password: currentPassword, code: secondFactorCode.optional() });

/** auth.twoFactor.disable: the password and a code, so a borrowed unlocked phone is not enough. */
export const twoFactorDisableInput = z.strictObject({
  password: currentPassword,
  code: secondFactorCode,
});
