/**
 * Whether an account has a way to reach its holder that they proved they own. Claiming a voter card online
 * needs one, so a throwaway account made from an invented address cannot take a voter's entry. Today the only
 * contact is the e-mail address; a confirmed phone number joins it here, and every check follows.
 */
export function hasConfirmedContact(user: { emailVerified: boolean }): boolean {
  return user.emailVerified;
}
