/**
 * Malformed and odd inputs generated from a procedure's valid input: wrong types, missing and extra fields,
 * huge strings, control characters, unicode edge cases, deep nesting, negative and enormous numbers, broken
 * dates, and envelopes no client would send. `raw` variants are sent as the request body as they are.
 */
export interface HostileVariant {
  label: string;
  input?: unknown;
  raw?: string;
  /** The field this variant changes; absent for variants of the whole input or of the request envelope. */
  field?: string;
}

const HUGE = 'A'.repeat(100_000);
const STRINGS: [string, string][] = [
  ['an empty string', ''],
  ['only spaces', '   '],
  ['a huge string (100,000 characters)', HUGE],
  ['control characters', 'a\u0000b\u0007c\u001b[2Jd\u007f\r\n'],
  ['a lone surrogate', 'x\ud800y'],
  ['a right-to-left override', 'abc\u202egnp.exe'],
  ['zero-width characters', '\u200b\u200c\u200d\ufeff'],
  ['combining marks', `e${'\u0301'.repeat(2000)}`],
  ['an emoji sequence', '👩🏽‍⚖️🇸🇴'],
  ['full-width letters', 'ａｄｍｉｎ＠ｃｏｄｋａ．ｓｏ'],
  ['SQL', "' OR '1'='1'; DROP TABLE votes; --"],
  ['a path traversal', '../../../../etc/passwd'],
  ['markup with a script', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['template placeholders', '#{7*7}{{7*7}}<%= 7*7 %>'],
];
const NUMBERS: [string, number][] = [
  ['a negative number', -1],
  ['negative zero', -0],
  ['a fraction', 0.5],
  ['an enormous number', 1e308],
  ['an enormous negative number', -1e308],
  ['an unsafe integer', Number.MAX_SAFE_INTEGER + 2],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
];
const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['a number', 12345],
  ['a boolean', true],
  ['an array', ['x']],
  ['an object', { x: 1 }],
  ['a date', new Date('2026-01-01T00:00:00Z')],
  ['an invalid date', new Date(Number.NaN)],
  ['a bigint', 10n],
  ['a set', new Set([1])],
];

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Variants of one field: missing, wrong types, and every hostile value of its own kind. */
function fieldVariants(value: unknown): [string, unknown][] {
  const variants: [string, unknown][] = [...WRONG_TYPES];
  if (typeof value === 'string') {
    variants.push(['a number instead of text', 42], ...STRINGS);
    if (/^[0-9a-f-]{36}$/.test(value)) {
      variants.push(
        ['an id in capitals', value.toUpperCase()],
        ['an id with spaces', ` ${value} `],
        ['an id with a suffix', `${value}' OR 1=1`],
        ['an id that is not a UUID', '1'],
      );
    }
  } else if (typeof value === 'number') {
    variants.push(['a numeric string', '12'], ...NUMBERS);
  } else if (typeof value === 'boolean') {
    variants.push(['the string "true"', 'true'], ['1', 1]);
  } else if (value instanceof Date) {
    variants.push(['a date string', '2026-01-01'], ['the first date there is', new Date(-8.64e15)]);
  } else if (Array.isArray(value)) {
    variants.push(['an array of 10,000 items', Array.from({ length: 10_000 }, () => value[0] ?? 'x')]);
  }
  return variants;
}

/** Every variant for one procedure, given a valid input (undefined for procedures without one). */
export function hostileVariants(valid: unknown): HostileVariant[] {
  const variants: HostileVariant[] = [
    { label: 'no input', input: undefined },
    { label: 'null', input: null },
    { label: 'a number', input: 42 },
    { label: 'a string', input: 'input' },
    { label: 'an array', input: [] },
    { label: 'the input inside an array', input: [valid] },
    { label: 'an empty object', input: {} },
    { label: 'a huge string', input: HUGE },
    { label: 'deep nesting (5,000 levels)', raw: `{"json":${nested(5000)}}` },
    { label: 'a __proto__ key', raw: `{"json":{"__proto__":{"isAdmin":true},"role":"System Admin"}}` },
    { label: 'a constructor.prototype key', raw: '{"json":{"constructor":{"prototype":{"isAdmin":true}}}}' },
    {
      label: 'a superjson class reference',
      raw: '{"json":{"a":1},"meta":{"values":{"a":["class","Admin"]}}}',
    },
    { label: 'a superjson custom type', raw: '{"json":{"a":1},"meta":{"values":{"a":[["custom","evil"]]}}}' },
    {
      label: 'a superjson path into __proto__',
      raw: '{"json":{"a":{}},"meta":{"referentialEqualities":{"a":["__proto__.x"]}}}',
    },
    {
      label: 'a superjson self-reference',
      raw: '{"json":{"a":{}},"meta":{"referentialEqualities":{"a":["a.b"]}}}',
    },
  ];
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return variants;
  const record = valid as Record<string, unknown>;
  variants.push(
    { label: 'an extra field', input: { ...record, unexpected: 'x' } },
    { label: 'a role smuggled in', input: { ...record, role: 'System Admin', isAdmin: true } },
    { label: 'a user id smuggled in', input: { ...record, userId: '00000000-0000-4000-8000-000000000000' } },
  );
  for (const [key, value] of Object.entries(record)) {
    const { [key]: _omitted, ...rest } = record;
    variants.push({ label: `${key}: missing`, input: rest, field: key });
    for (const [label, replacement] of fieldVariants(value)) {
      variants.push({ label: `${key}: ${label}`, input: { ...record, [key]: replacement }, field: key });
    }
    // One level down: the rows of a list (an election's candidates, the map's markers).
    const first = Array.isArray(value) ? value[0] : undefined;
    if (first && typeof first === 'object') {
      for (const [innerKey, innerValue] of Object.entries(first as Record<string, unknown>)) {
        for (const [label, replacement] of fieldVariants(innerValue)) {
          const row = { ...(first as Record<string, unknown>), [innerKey]: replacement };
          variants.push({
            label: `${key}[0].${innerKey}: ${label}`,
            input: { ...record, [key]: [row] },
            field: `${key}[0].${innerKey}`,
          });
        }
      }
    }
  }
  return variants;
}
