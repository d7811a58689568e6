import { i18n } from '@client/i18n';
import { formatDate, formatDateTime, formatDay, formatNumber } from '@client/i18n/format';
import { afterAll, describe, expect, it } from 'vitest';

// 3 December 2026, 11:05 UTC = 14:05 in Mogadishu (East Africa Time, UTC+3 all year).
const moment = new Date(Date.UTC(2026, 11, 3, 11, 5));

describe('formatting in the reader language', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('writes English dates the British way, in East Africa Time', async () => {
    await i18n.changeLanguage('en');
    expect(formatDate(moment)).toBe('3 December 2026');
    expect(formatDateTime(moment)).toBe('3 Dec 2026, 14:05');
    expect(formatDay('2025-01-13')).toBe('13 January 2025');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('writes Somali dates with Somali month and weekday names, whatever the browser knows of Somali', async () => {
    await i18n.changeLanguage('so');
    expect(formatDate(moment)).toBe('3 Diseembar 2026');
    expect(formatDate(moment, { dateStyle: 'medium' })).toBe('3 Dis 2026');
    expect(formatDateTime(moment)).toBe('3 Dis 2026, 14:05');
    expect(formatDate(moment, { dateStyle: 'full' })).toBe('Khamiis, 3 Diseembar 2026');
    expect(formatDay('2026-11-15', { month: 'long', year: 'numeric' })).toBe('Noofeembar 2026');
    expect(formatDateTime(moment, { dateStyle: 'long', timeStyle: 'short' })).toBe('3 Diseembar 2026, 14:05');
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
