import { contactPhoneE164, dialledInSomalia } from '@shared/contact-phone';
import { hoursRuns, type OpeningHours, openStatus, osmOpeningHours } from '@shared/opening-hours';
import { centerInput } from '@shared/schemas/centers';
import { describe, expect, it } from 'vitest';

// Saturday to Wednesday 08:00-16:00, Thursday 08:00-12:00, Friday closed: a usual Somali office week.
const WEEK: OpeningHours = [
  { day: 0, opens: '08:00', closes: '16:00' },
  { day: 1, opens: '08:00', closes: '16:00' },
  { day: 2, opens: '08:00', closes: '16:00' },
  { day: 3, opens: '08:00', closes: '16:00' },
  { day: 4, opens: '08:00', closes: '12:00' },
  { day: 6, opens: '08:00', closes: '16:00' },
];

// 2026-11-28 is a Saturday, 2026-11-27 a Friday; Mogadishu is UTC+3 all year.
const at = (utc: string) => new Date(utc);

describe('openStatus: open now, on Mogadishu’s clock', () => {
  it('is open from the opening minute to the minute before closing, read in UTC+3', () => {
    // 04:59 UTC is 07:59 in Mogadishu: not yet.
    expect(openStatus(WEEK, at('2026-11-28T04:59:00Z'))).toEqual({
      open: false,
      next: { day: 6, opens: '08:00', today: true },
    });
    expect(openStatus(WEEK, at('2026-11-28T05:00:00Z'))).toEqual({ open: true, closes: '16:00' });
    expect(openStatus(WEEK, at('2026-11-28T12:59:59Z'))).toEqual({ open: true, closes: '16:00' });
    // 13:00 UTC is 16:00: closed at the closing minute itself, open again on Sunday.
    expect(openStatus(WEEK, at('2026-11-28T13:00:00Z'))).toEqual({
      open: false,
      next: { day: 0, opens: '08:00', today: false },
    });
  });

  it('reads the day in Mogadishu, not in UTC: 22:00 UTC on Friday is Saturday 01:00 there', () => {
    expect(openStatus(WEEK, at('2026-11-27T22:00:00Z'))).toEqual({
      open: false,
      next: { day: 6, opens: '08:00', today: true },
    });
  });

  it('skips a closed day: Thursday afternoon and Friday lead to Saturday', () => {
    // Thursday 2026-11-26 at 13:00 in Mogadishu, after its short day.
    expect(openStatus(WEEK, at('2026-11-26T10:00:00Z'))).toEqual({
      open: false,
      next: { day: 6, opens: '08:00', today: false },
    });
    expect(openStatus(WEEK, at('2026-11-27T09:00:00Z'))).toEqual({
      open: false,
      next: { day: 6, opens: '08:00', today: false },
    });
  });

  it('finds a centre open one day a week, a week ahead, and says nothing without hours', () => {
    const saturdays: OpeningHours = [{ day: 6, opens: '09:00', closes: '11:00' }];
    // Saturday 12:00: the next opening is next Saturday.
    expect(openStatus(saturdays, at('2026-11-28T09:00:00Z'))).toEqual({
      open: false,
      next: { day: 6, opens: '09:00', today: false },
    });
    expect(openStatus([], at('2026-11-28T09:00:00Z'))).toBeNull();
  });
});

describe('hoursRuns and the open data’s opening_hours', () => {
  it('groups the week from Saturday into runs of equal hours, closed days included', () => {
    expect(hoursRuns(WEEK)).toEqual([
      { from: 6, to: 3, hours: { opens: '08:00', closes: '16:00' } },
      { from: 4, to: 4, hours: { opens: '08:00', closes: '12:00' } },
      { from: 5, to: 5, hours: null },
    ]);
    expect(hoursRuns([])).toEqual([]);
  });

  it('writes OpenStreetMap’s syntax, closed days left out', () => {
    expect(osmOpeningHours(WEEK)).toBe('Sa-We 08:00-16:00; Th 08:00-12:00');
    expect(osmOpeningHours([{ day: 1, opens: '07:30', closes: '13:00' }])).toBe('Mo 07:30-13:00');
    expect(osmOpeningHours([])).toBe('');
  });
});

describe('a centre’s contact phone', () => {
  it('reads Somali numbers with or without the country code, mobiles and fixed lines, into E.164', () => {
    expect(contactPhoneE164('061 5123456')).toBe('+252615123456');
    expect(contactPhoneE164('+252 61 512 3456')).toBe('+252615123456');
    expect(contactPhoneE164('+254 712 345678')).toBe('+254712345678');
    expect(contactPhoneE164('12')).toBeNull();
    expect(contactPhoneE164('call me')).toBeNull();
    expect(dialledInSomalia('+252615123456')).toBe('0615123456');
    expect(dialledInSomalia('+254712345678')).toBe('+254712345678');
  });
});

describe('centerInput: hours, note, phone and e-mail', () => {
  const base = { name: 'Hodan Centre', code: 'rc-1' };
  const issues = (input: object) => {
    const result = centerInput.safeParse({ ...base, ...input });
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('keeps the days in weekday order, the number in E.164 and the address in lower case', () => {
    const parsed = centerInput.parse({
      ...base,
      openingHours: [
        { day: 6, opens: '08:00', closes: '16:00' },
        { day: 0, opens: '08:30', closes: '12:00' },
      ],
      hoursNote: '  Closed on public holidays ',
      phone: '061 5123456',
      email: ' Hodan@Example.SO ',
    });
    expect(parsed).toMatchObject({
      openingHours: [
        { day: 0, opens: '08:30', closes: '12:00' },
        { day: 6, opens: '08:00', closes: '16:00' },
      ],
      hoursNote: 'Closed on public holidays',
      hoursNoteSo: null,
      phone: '+252615123456',
      email: 'hodan@example.so',
    });
    // Left out or empty, each is "none".
    expect(centerInput.parse({ ...base, phone: '', email: '' })).toMatchObject({
      openingHours: [],
      phone: null,
      email: null,
    });
  });

  it('names each bad field with its own sentence', () => {
    expect(issues({ openingHours: [{ day: 1, opens: '8am', closes: '16:00' }] })).toEqual([
      ['openingHours.0.opens', 'validation.timeOfDay|{"label":{"key":"label.opens"}}'],
    ]);
    expect(issues({ openingHours: [{ day: 1, opens: '16:00', closes: '08:00' }] })).toEqual([
      ['openingHours.0.closes', 'validation.closesAfterOpens'],
    ]);
    expect(
      issues({
        openingHours: [
          { day: 1, opens: '08:00', closes: '12:00' },
          { day: 1, opens: '13:00', closes: '16:00' },
        ],
      }),
    ).toEqual([['openingHours.1.day', 'validation.dayTwice']]);
    expect(issues({ openingHours: [{ day: 7, opens: '08:00', closes: '12:00' }] })).toEqual([
      ['openingHours.0.day', 'validation.weekday'],
    ]);
    expect(issues({ phone: '12345' })).toEqual([['phone', 'phone.invalid']]);
    expect(issues({ email: 'not an address' })).toEqual([['email', 'validation.emailInvalid']]);
    expect(issues({ hoursNoteSo: 'x'.repeat(201) })).toEqual([
      ['hoursNoteSo', 'validation.maxLength|{"label":{"key":"label.hoursNote"},"max":200}'],
    ]);
  });
});
