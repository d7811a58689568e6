import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DomainError } from '../errors/domain-error';

/**
 * What a phone number may be, in one place: sign-up, sign-in, a number added to an account and a password reset
 * all read a number through `readPhoneNumber`, and no SMS goes to a number it refused.
 *
 * The "max" metadata is the one that tells number types apart (mobile, fixed line, premium rate, shared cost...);
 * the smaller ones only check lengths.
 */

/** Characters people write numbers with: digits, a leading +, spaces, dots, dashes and brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * Types that can receive an SMS. Where the metadata cannot tell a country's mobiles from its fixed lines it
 * answers FIXED_LINE_OR_MOBILE, which is let through; premium-rate, shared-cost, toll-free and the like, where
 * SMS pumping makes its money, are not.
 */
const SMS_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** `PHONE_COUNTRIES` as env.ts reads it: ISO 3166 codes the metadata knows, the first one the default. */
export function parsePhoneCountries(value: string): { countries: CountryCode[] } | { problem: string } {
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0) return { problem: 'must name at least one country, such as SO or SO,KE' };
  const unknown = codes.filter((code) => !isSupportedCountry(code));
  if (unknown.length > 0) {
    return { problem: `${unknown.join(', ')} is not a two-letter country code (such as SO, KE, ET)` };
  }
  return { countries: codes as CountryCode[] };
}

/**
 * The number in E.164 ("+252615123456"), or a DomainError saying what is wrong with it: not a phone number,
 * of a country not allowed, or not able to receive an SMS. A number written without its country code is read
 * as a number of the first allowed country (Somalia unless configured otherwise): "061 5123456" and
 * "615123456" are +252615123456.
 */
export function readPhoneNumber(value: string, countries: readonly CountryCode[]): string {
  const written = value.trim();
  if (!PHONE_CHARACTERS.test(written)) throw new DomainError('phone.invalid');
  const parsed = parsePhoneNumberFromString(written, { defaultCountry: countries[0] });
  if (!parsed?.isValid() || !parsed.country) throw new DomainError('phone.invalid');
  if (!countries.includes(parsed.country)) throw new DomainError('phone.countryNotAllowed');
  const type = parsed.getType();
  if (type !== undefined && !SMS_TYPES.has(type)) throw new DomainError('phone.notMobile');
  return parsed.number;
}
