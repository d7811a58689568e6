import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A number people may call (a registration centre's contact), read the way account numbers are
 * (server/auth/phone-numbers.ts): written with or without Somalia's country code, stored in E.164. Unlike an
 * account's number it need not receive SMS, so fixed lines count, and it runs in the staff form too, where the
 * "min" metadata (lengths and number patterns per country, not number types) is enough and the smallest.
 */

/** Characters people write numbers with: digits, a leading +, spaces, dots, dashes and brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The number in E.164 ("+252615123456"), or null when it is no valid number of any country. */
export function contactPhoneE164(written: string): string | null {
  const value = written.trim();
  if (!PHONE_CHARACTERS.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, { defaultCountry: 'SO' });
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored number as it is dialled from a Somali phone: Somali numbers with the trunk 0 instead of +252
 * ("0615123456", shorter on a USSD screen), other countries' numbers in E.164.
 */
export function dialledInSomalia(e164: string): string {
  return e164.startsWith('+252') ? `0${e164.slice(4)}` : e164;
}
