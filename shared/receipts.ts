const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The receipt's random suffix is 9 characters (docs/product.md#receipts-and-verification). */
export const RECEIPT_SUFFIX_LENGTH = 9;
export const RECEIPT_PATTERN = /^V\d{13}-[a-z0-9]{9}$/;

/** A vote receipt: "V", the time in milliseconds, a dash and 9 characters from a cryptographic source. */
export function generateReceiptId(now: number = Date.now()): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every character equally likely.
  let suffix = '';
  while (suffix.length < RECEIPT_SUFFIX_LENGTH) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < 252 && suffix.length < RECEIPT_SUFFIX_LENGTH) suffix += SUFFIX_ALPHABET[byte % 36];
    }
  }
  return `V${now}-${suffix}`;
}

/**
 * A receipt as a person may type or paste it: spaces around it dropped, and any case ("v1795…-ABC123XYZ"), since
 * a receipt is an upper-case V and lower-case letters and digits only.
 */
export function normalizeReceiptId(value: string): string {
  const trimmed = value.trim();
  return trimmed.slice(0, 1).toUpperCase() + trimmed.slice(1).toLowerCase();
}

export function isReceiptId(value: string): boolean {
  return RECEIPT_PATTERN.test(value);
}
