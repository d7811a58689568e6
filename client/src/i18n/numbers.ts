/**
 * Numbers written by hand, as Intl.NumberFormat('en-GB') writes them for the options the site uses ("12,345",
 * "39.6", "15%", "07"): a page's first Intl.NumberFormat costs a phone some 50 ms of ICU loading at Lighthouse's 4x
 * slowdown (5-9 ms more when a date formatter loaded ICU first) while it hydrates (bench/first-format.mjs).
 * tests/client/numbers-by-hand.test.ts compares both across many values.
 *
 * Like ICU, a number is rounded from its shortest decimal form (what String(value) prints), half away from zero:
 * 1.005 to two places is "1.01" and 0.145 as a percentage "15%", where binary arithmetic would say 1.00 and 14%.
 */
export interface NumberFormat {
  style?: 'decimal' | 'percent';
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** Intl's digit options (ECMA-402 SetNumberFormatDigitOptions): 0-3 places, none for a percentage. */
function fractionDigits(options: NumberFormat): [minimum: number, maximum: number] {
  const minimum = options.minimumFractionDigits;
  const maximum = options.maximumFractionDigits;
  const defaultMaximum = options.style === 'percent' ? 0 : 3;
  if (minimum === undefined && maximum === undefined) return [0, defaultMaximum];
  if (maximum === undefined) return [minimum as number, Math.max(defaultMaximum, minimum as number)];
  if (minimum === undefined) return [0, maximum];
  if (minimum > maximum) throw new RangeError('maximumFractionDigits value is out of range.');
  return [minimum, maximum];
}

/** `digits` plus one in its last place ("199" gives "200", "99" gives "100"). */
function addOne(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits.charCodeAt(index) === 57 /* 9 */) index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${Number(digits[index]) + 1}${'0'.repeat(digits.length - 1 - index)}`;
}

export function writeNumber(value: number, options: NumberFormat): string {
  const [minimumFraction, maximumFraction] = fractionDigits(options);
  const suffix = options.style === 'percent' ? '%' : '';
  if (Number.isNaN(value)) return `NaN${suffix}`;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞${suffix}`;

  // The shortest decimal form, as digits and the position of the point among them ("1.5e-7" is "15" and -6).
  let text = String(Math.abs(value));
  let exponent = 0;
  const e = text.indexOf('e');
  if (e >= 0) {
    exponent = Number(text.slice(e + 1));
    text = text.slice(0, e);
  }
  const point = text.indexOf('.');
  let digits = point < 0 ? text : text.slice(0, point) + text.slice(point + 1);
  let integerLength = (point < 0 ? text.length : point) + exponent + (suffix ? 2 : 0);

  const kept = integerLength + maximumFraction;
  if (kept < digits.length) {
    const roundsUp = kept >= 0 && digits.charCodeAt(kept) >= 53; /* 5 */
    digits = kept > 0 ? digits.slice(0, kept) : '';
    if (roundsUp) {
      const longer = addOne(digits);
      integerLength += longer.length - digits.length;
      digits = longer;
    }
  }

  let integer = integerLength > 0 ? digits.slice(0, integerLength).padEnd(integerLength, '0') : '';
  let fraction = integerLength > 0 ? digits.slice(integerLength) : '0'.repeat(-integerLength) + digits;
  let start = 0;
  while (start < integer.length - 1 && integer.charCodeAt(start) === 48 /* 0 */) start += 1;
  integer = integer.slice(start).padStart(options.minimumIntegerDigits ?? 1, '0');
  let end = fraction.length;
  while (end > minimumFraction && fraction.charCodeAt(end - 1) === 48) end -= 1;
  fraction = fraction.slice(0, end).padEnd(minimumFraction, '0');

  // en-GB groups thousands from four digits on ("1,234").
  let grouped = integer.slice(0, ((integer.length - 1) % 3) + 1);
  for (let index = grouped.length; index < integer.length; index += 3)
    grouped += `,${integer.slice(index, index + 3)}`;
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}${suffix}`;
}
