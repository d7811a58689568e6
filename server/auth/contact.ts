/** Where an account is reached: its e-mail address (lower-cased, trimmed) or its phone number in E.164. */
export type Contact = { email: string } | { phone: string };

/**
 * Whether an account has a way to reach its holder that they proved they own: an e-mail address confirmed by
 * its link, or a phone number confirmed by the code sent to it. Claiming a voter card online needs one, so a
 * throwaway account made from an invented address or number cannot take a voter's entry.
 */
export function hasConfirmedContact(user: { emailVerified: boolean; phoneConfirmed: boolean }): boolean {
  return user.emailVerified || user.phoneConfirmed;
}
