import { transformer } from '@server/trpc/transformer';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';

describe('the transformer requests are read with', () => {
  it('reads what the browser’s superjson writes: dates, maps, sets, big integers, undefined, nested', () => {
    for (const value of [
      new Date('2026-11-30T00:00:00Z'),
      { at: new Date(0), tags: new Set(['a', 'b']), by: new Map([['x', { when: new Date(1) }]]) },
      { count: 10n, missing: undefined, list: [1, undefined, Number.NaN, -0, Number.POSITIVE_INFINITY] },
      [{ a: { b: { c: new Date(2) } } }],
      'plain',
      undefined,
    ]) {
      expect(transformer.deserialize(superjson.serialize(value))).toEqual(value);
    }
  });

  it('refuses malformed annotations before superjson walks them (it would recurse to the stack’s limit)', () => {
    const text = 'A'.repeat(1000);
    for (const values of [
      { a: ['class', 'Admin'] },
      { a: ['custom', 'evil'] },
      { a: ['Date', text] },
      { a: ['map', { '0': 'Date' }] },
      ['Date', 'x'],
      'Date',
      { a: null },
      { a: [] },
      { a: ['Date', {}, {}] },
    ]) {
      const read = () => transformer.deserialize({ json: { a: 1 }, meta: { values } as never });
      expect(read, JSON.stringify(values)).toThrow(TypeError);
      expect(read, JSON.stringify(values)).toThrow('malformed annotations');
    }
  });

  it('checks annotations nested far deeper than a stack holds without exhausting it', () => {
    let values: unknown = 'Date';
    for (let depth = 0; depth < 200_000; depth += 1) values = ['map', { a: values }];
    expect(() => transformer.deserialize({ json: {}, meta: { values } as never })).toThrow(
      'malformed annotations',
    );
  });
});
