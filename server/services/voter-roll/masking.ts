/**
 * What staff and citizens are shown of private values: enough to recognise, not enough to copy.
 */

/** "amina.farah@example.so" -> "a***@example.so". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** "SO-1234-5678" -> "********5678": only the last four characters. */
export function maskCardNumber(cardNumber: string): string {
  const visible = cardNumber.slice(-4);
  return `${'*'.repeat(Math.max(0, cardNumber.length - 4))}${visible}`;
}
