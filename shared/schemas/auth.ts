import { z } from 'zod';

/** Minimum password length (docs/product.md#account-forms). */
export const MIN_PASSWORD_LENGTH = 6;
// argon2 accepts any length, but an unbounded one lets a request spend unbounded CPU.
export const MAX_PASSWORD_LENGTH = 256;

export const messages = {
  passwordTooShort: 'validation.passwordTooShort',
  passwordTooLong: 'validation.passwordTooLong',
  passwordsDoNotMatch: 'validation.passwordsDiffer',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  passwordRequired: 'validation.passwordRequired',
  fullNameRequired: 'validation.fullNameRequired',
  fullNameTooLong: 'validation.fullNameTooLong',
  adminCredentialsRequired: 'validation.bothCredentials',
  emailOrPhone: 'validation.emailOrPhone',
  phoneRequired: 'validation.phoneRequired',
  phoneInvalid: 'phone.invalid',
  smsCodeFormat: 'validation.smsCodeFormat',
  loginRequired: 'validation.loginRequired',
} as const;

export const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((value) => value.toLowerCase());

/**
 * A phone number as typed ("061 5xx xxxx", "+252615xxxxxx"): only its length is checked here. Which numbers are
 * numbers, and of which countries, the server decides (server/auth/phone-numbers.ts), since the allowed
 * countries are its configuration.
 */
export const phone = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(40, messages.phoneInvalid);

/** The 6-digit code sent by SMS; spaces and dashes, as people copy codes, are dropped. */
export const smsCode = z
  .string({ error: messages.smsCodeFormat })
  .max(64, messages.smsCodeFormat)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, messages.smsCodeFormat));

/** An account is reached by its e-mail address or its phone number: a form names exactly one of them. */
const oneContact = (input: { email?: string; phone?: string }) =>
  (input.email === undefined) !== (input.phone === undefined);

export const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);

const existingPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);

const fullName = z
  .string()
  .trim()
  .max(100, messages.fullNameTooLong)
  // Control characters have no place in a name shown to admins.
  .transform((value) => value.replace(/\p{Cc}/gu, ''));

/**
 * auth.signUp (docs/product.md#account-forms): the server takes an e-mail address or a phone number (exactly
 * one), a password and an optional name (default "User").
 */
export const signUpInput = z
  .strictObject({
    fullName: fullName.optional().transform((value) => (value ? value : 'User')),
    email: email.optional(),
    phone: phone.optional(),
    password: newPassword,
  })
  .refine(oneContact, { message: messages.emailOrPhone, path: ['email'] });
export type SignUpInput = z.input<typeof signUpInput>;

/** The Sign Up form: every field required, and the confirmation must match. */
export const signUpForm = z
  .object({
    fullName: fullName.pipe(z.string().min(1, messages.fullNameRequired)),
    email,
    password: newPassword,
    confirmPassword: z.string().min(1, messages.passwordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.input<typeof signUpForm>;

/** The Sign Up form with a phone number instead of an e-mail address: the number is confirmed by a code. */
export const signUpPhoneForm = z
  .object({
    fullName: fullName.pipe(z.string().min(1, messages.fullNameRequired)),
    phone,
    password: newPassword,
    confirmPassword: z.string().min(1, messages.passwordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpPhoneForm = z.input<typeof signUpPhoneForm>;

/**
 * One box for "phone number or e-mail" (sign-in, a forgotten password): what has an @ is an address, anything
 * else a number for the server to read.
 */
export const login = z
  .string({ error: messages.loginRequired })
  .trim()
  .min(1, messages.loginRequired)
  .max(254, messages.emailInvalid);

/** What the login box holds, as auth.signIn and auth.requestPasswordReset take it. */
export function contactOf(typed: string): { email: string } | { phone: string } {
  const value = typed.trim();
  return value.includes('@') ? { email: value } : { phone: value };
}

/** The Sign In form: the phone number or e-mail address in one box, and the password. */
export const signInForm = z.object({ login, password: existingPassword });

/** auth.signIn: the e-mail address or the phone number of the account, and its password. */
export const signInInput = z
  .strictObject({ email: email.optional(), phone: phone.optional(), password: existingPassword })
  .refine(oneContact, { message: messages.emailOrPhone, path: ['email'] });
export type SignInInput = z.input<typeof signInInput>;

export const bootstrapAdminInput = z.strictObject({
  email,
  password: newPassword,
  fullName: fullName.optional().transform((value) => (value ? value : 'System Admin')),
});

export const verifyEmailInput = z.strictObject({
  token: z.string().trim().min(1, 'emailVerification.linkInvalid').max(200, 'emailVerification.linkInvalid'),
});

/** auth.confirmPhone: the code sent by SMS to the number the signed-in account is confirming. */
export const confirmPhoneInput = z.strictObject({ code: smsCode });

/** auth.requestPhoneCode: the number to send a code to, the account's own or one it adds or changes to. */
export const requestPhoneCodeInput = z.strictObject({ phone });
