import { optionalText, urlOrPath } from '@shared/schemas/common';
import { describe, expect, it } from 'vitest';

describe('urlOrPath', () => {
  const schema = urlOrPath('imageUrl');

  it.each([
    ['/uploads/candidates/a.webp', '/uploads/candidates/a.webp'],
    ['https://example.org/a.png', 'https://example.org/a.png'],
    ['', null],
    [undefined, null],
    [null, null],
  ])('accepts %s', (value, expected) => {
    expect(schema.parse(value)).toBe(expected);
  });

  it.each(['//evil.example/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAA', 'ftp://x/y'])(
    'refuses %s',
    (value) => {
      expect(schema.safeParse(value).success).toBe(false);
    },
  );
});

describe('optionalText', () => {
  it('trims, drops control characters and stores empty as null', () => {
    const schema = optionalText(20, 'party');
    expect(schema.parse('  Horseed \u0007 ')).toBe('Horseed');
    expect(schema.parse('   ')).toBeNull();
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
  });
});
