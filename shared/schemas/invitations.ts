import { z } from 'zod';
import { message } from '../i18n/error-messages';
import { INVITATION_ROLES } from '../invitations';
import { STAFF_CENTERS_MAX } from './admin';
import { messages as authMessages, email, newPassword, phone, smsCode } from './auth';
import { idSchema, requiredText } from './common';

/** An invitation's id: the link's id half, 24 characters of the token alphabet (server/auth/tokens.ts). */
export const invitationId = z
  .string({ error: 'invitation.notFound' })
  .regex(/^[a-km-np-z2-9]{24}$/, 'invitation.notFound');

/**
 * admin.invitations.create: who is invited (an e-mail address or a phone number, exactly one), their name, the
 * role (Registrar or Enrollment Supervisor), a Registrar's centers, and the language of the message.
 */
export const createInvitationInput = z
  .strictObject({
    email: email.optional(),
    phone: phone.optional(),
    fullName: requiredText(100, 'validation.fullNameRequired', 'fullName'),
    role: z.enum(INVITATION_ROLES, { error: 'validation.role' }),
    centerIds: z
      .array(idSchema)
      .max(STAFF_CENTERS_MAX, message('staffCenters.tooMany', { max: STAFF_CENTERS_MAX }))
      .default([]),
    language: z.enum(['en', 'so'], { error: 'validation.language' }),
  })
  .refine((input) => (input.email === undefined) !== (input.phone === undefined), {
    message: authMessages.emailOrPhone,
    path: ['email'],
  })
  .refine((input) => input.role === 'Registrar' || input.centerIds.length === 0, {
    message: 'staffCenters.notRegistrar',
    path: ['centerIds'],
  });
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

export const invitationIdInput = z.strictObject({ id: invitationId });

const token = z
  .string({ error: 'invitation.linkInvalid' })
  .trim()
  .min(1, 'invitation.linkInvalid')
  .max(200, 'invitation.linkInvalid');

/**
 * auth.acceptInvitation: the link's token, or the phone number and the code its SMS carried; and, for a person
 * without an account, the new account's password (and name). A signed-in account sends neither.
 */
export const acceptInvitationInput = z
  .strictObject({
    token: token.optional(),
    phone: phone.optional(),
    code: smsCode.optional(),
    newPassword: newPassword.optional(),
  })
  .refine(
    (input) =>
      input.token !== undefined
        ? input.phone === undefined && input.code === undefined
        : input.phone !== undefined && input.code !== undefined,
    { message: 'invitation.linkInvalid', path: ['token'] },
  );
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

/** The accept page's password pair, for a person without an account. */
export const acceptInvitationForm = z
  .object({ newPassword, confirmPassword: z.string().min(1, authMessages.passwordRequired) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** The accept page's code form, for an invitation sent by SMS. */
export const invitationCodeForm = z.object({ phone, code: smsCode });
