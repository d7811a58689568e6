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
} as const;

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((value) => value.toLowerCase());

const newPassword = z
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
 * auth.signUp (docs/product.md#account-forms): the server takes email, password and an optional name (default
 * "User").
 */
export const signUpInput = z.strictObject({
  fullName: fullName.optional().transform((value) => (value ? value : 'User')),
  email,
  password: newPassword,
});
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

export const signInInput = z.strictObject({ email, password: existingPassword });
export type SignInInput = z.input<typeof signInInput>;

export const bootstrapAdminInput = z.strictObject({
  email,
  password: newPassword,
  fullName: fullName.optional().transform((value) => (value ? value : 'System Admin')),
});

export const verifyEmailInput = z.strictObject({
  token: z.string().trim().min(1, 'emailVerification.linkInvalid').max(200, 'emailVerification.linkInvalid'),
});
