import { formatNumber } from '@client/i18n/format';
import type { NumberFormat } from '@client/i18n/numbers';
import { describe, expect, it } from 'vitest';

/** The option sets the pages pass (grep formatNumber), and a few neighbours. */
const OPTION_SETS: NumberFormat[] = [
  {},
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 0 },
  { minimumFractionDigits: 2 },
  { minimumFractionDigits: 5 },
  { style: 'percent' },
  { style: 'percent', maximumFractionDigits: 1 },
  { minimumIntegerDigits: 2 },
  { minimumIntegerDigits: 5 },
];

/** Counts, shares, sizes and the awkward cases: half-way values, binary near-misses, huge, tiny, signed zeros. */
function values(): number[] {
  const all = [
    0,
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e21,
    1.5e21,
    123_456_789_012_345_680_000,
    Number.MAX_SAFE_INTEGER,
    5e-324,
    1e-7,
    0.0005,
    0.00049,
    0.9995,
    9.9995,
    999.9995,
    1.005,
    2.675,
    0.145,
    0.125,
    -0.0001,
    -1234.5678,
    -0.5,
  ];
  for (let hundredths = 0; hundredths <= 10_000; hundredths += 1)
    all.push(hundredths / 100, hundredths / 10_000);
  for (let count = 0; count < 2000; count += 1) all.push(count, count * 1001, count * 999_983);
  // A fixed pseudo-random sequence (mulberry32) over many magnitudes, so that a failure can be replayed.
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let index = 0; index < 5000; index += 1) {
    const magnitude = 10 ** Math.floor(random() * 16 - 6);
    all.push(random() * magnitude, -random() * magnitude, Math.round(random() * 100_000) / 1000);
  }
  return all;
}

describe('numbers written by hand', () => {
  it('match Intl en-GB for every option set the pages use', () => {
    const all = values();
    for (const options of OPTION_SETS) {
      const intl = new Intl.NumberFormat('en-GB', options);
      const mismatches: string[] = [];
      for (const value of all) {
        const expected = intl.format(value);
        const written = formatNumber(value, options);
        if (written !== expected) mismatches.push(`${value}: ${written} != ${expected}`);
      }
      expect(mismatches.slice(0, 5), JSON.stringify(options)).toEqual([]);
    }
  });

  it('refuse fewest places above most, as Intl does', () => {
    expect(() => formatNumber(1, { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(RangeError);
  });
});
