import en from '@shared/i18n/locales/en/phone.json';
import so from '@shared/i18n/locales/so/phone.json';
import { USSD_SCREEN_LIMIT, ussdPages } from '@shared/ussd';
import { describe, expect, it } from 'vitest';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [`${prefix}${key}`] : keysOf(inner as object, `${prefix}${key}.`),
  );

describe('ussdPages', () => {
  it('keeps every page within a screen with its prefix, and every line on some page', () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `${i + 1}. ${'Xarunta Diiwaangelinta '.repeat((i % 4) + 1)}`,
    );
    const pages = ussdPages('Xarumaha diiwaangelinta:', lines, '0. Sii wad');
    for (const page of pages) expect(`CON ${page}`.length).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
    for (const page of pages.slice(0, -1)) expect(page.endsWith('\n0. Sii wad')).toBe(true);
    expect(pages.at(-1)?.endsWith('0. Sii wad')).toBe(false);
    expect(pages.length).toBeLessThanOrEqual(lines.length);
    for (const [i] of lines.entries()) expect(pages.some((page) => page.includes(`\n${i + 1}. `))).toBe(true);
  });

  it('shows a short list on one page, and an empty one as its header', () => {
    expect(ussdPages('Dooro:', ['1. A', '2. B'], '0. More')).toEqual(['Dooro:\n1. A\n2. B']);
    expect(ussdPages('None', [], '0. More')).toEqual(['None']);
  });
});

describe('phone texts', () => {
  it('have the same keys in both languages, and every fixed screen fits', () => {
    expect(keysOf(so).sort()).toEqual(keysOf(en).sort());
    for (const texts of [en, so]) {
      for (const text of [
        texts.ussd.menu,
        texts.ussd.poll.alreadyVoted,
        texts.ussd.registration.enterBirth,
      ]) {
        expect(`END ${text}`.length).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
      }
      expect(texts.sms.enrollmentApproved.length).toBeLessThanOrEqual(160);
      expect(texts.sms.enrollmentRejected.length).toBeLessThanOrEqual(160);
    }
  });
});
