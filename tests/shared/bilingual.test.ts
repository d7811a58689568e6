import {
  defaultPollTitleText,
  missingLanguages,
  pickText,
  plainText,
  pollDescriptionText,
  pollTitleText,
  textOf,
} from '@shared/bilingual';
import { describe, expect, it } from 'vitest';

describe('texts in both languages', () => {
  it('reads an empty column as a missing language', () => {
    expect(textOf('Hodan Center', '')).toEqual({ en: 'Hodan Center', so: null });
    expect(textOf('  ', 'Xarunta Hodan')).toEqual({ en: null, so: 'Xarunta Hodan' });
    expect(textOf(null, undefined)).toEqual({ en: null, so: null });
  });

  it("gives the reader's language, else the other one marked as a fallback", () => {
    const both = textOf('Unity Party', 'Xisbiga Midnimada');
    expect(pickText(both, 'so')).toEqual({ text: 'Xisbiga Midnimada', language: 'so', fallback: false });
    expect(pickText(both, 'en')).toEqual({ text: 'Unity Party', language: 'en', fallback: false });
    const english = textOf('Unity Party', null);
    expect(pickText(english, 'so')).toEqual({ text: 'Unity Party', language: 'en', fallback: true });
    expect(pickText(textOf(null, 'Xisbiga'), 'en')).toEqual({
      text: 'Xisbiga',
      language: 'so',
      fallback: true,
    });
    expect(pickText(textOf(null, null), 'so')).toBeNull();
  });

  it('keeps the plain field English first, and lists what is left to translate', () => {
    expect(plainText(textOf('Unity', 'Midnimo'))).toBe('Unity');
    expect(plainText(textOf('', 'Midnimo'))).toBe('Midnimo');
    expect(missingLanguages(textOf('Unity', ''))).toEqual(['so']);
    expect(missingLanguages(textOf('Unity', 'Midnimo'))).toEqual([]);
    // An optional text left out in both languages is nothing to translate; an entry's texts are read together.
    expect(missingLanguages(textOf(null, ''))).toEqual([]);
    expect(missingLanguages(textOf('Unity', 'Midnimo'), textOf(null, 'Xisbiga'), textOf(null, null))).toEqual(
      ['en'],
    );
    expect(missingLanguages(textOf('Unity', null), textOf(null, 'Xisbiga'))).toEqual(['en', 'so']);
  });

  it('writes the texts the site generates in both languages', () => {
    expect(defaultPollTitleText('presidential', '2026-11')).toEqual({
      en: 'Presidential Poll 2026-11',
      so: "Ra'yi ururinta madaxweynaha 2026-11",
    });
    expect(pollDescriptionText('2026-11')).toEqual({
      en: 'Election poll for 2026-11',
      so: "Ra'yi ururinta doorashada 2026-11",
    });
    const poll = { electionType: 'senate', monthYear: '2027-02' } as const;
    expect(pollTitleText({ ...poll, title: '', titleSo: '' }).so).toBe("Ra'yi ururinta Aqalka Sare 2027-02");
    // A title given in one language is the admin's, not replaced by the generated one.
    expect(pollTitleText({ ...poll, title: '', titleSo: 'Ra’yiga bisha' })).toEqual({
      en: null,
      so: 'Ra’yiga bisha',
    });
  });
});
