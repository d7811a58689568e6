import { memberNameKeys, normaliseMemberName } from '@shared/member-names';
import { isOfficialParliamentUrl, type PhotoUrls, resolvePhotoUrl } from '@shared/member-photos';
import { describe, expect, it } from 'vitest';

const photo = (values: Partial<PhotoUrls>): PhotoUrls => ({
  manualOverrideUrl: null,
  webpUrl: null,
  originalUrl: null,
  sourceUrl: null,
  photoVersion: 1700000000,
  ...values,
});

describe('resolvePhotoUrl (the photo URL priority of docs/product.md#member-photo-rules)', () => {
  const all = photo({
    manualOverrideUrl: '/uploads/photos/override.webp',
    webpUrl: '/uploads/photos/a.webp',
    originalUrl: '/uploads/photos/a-original.jpg',
    sourceUrl: 'https://photos.example.org/a.jpg',
  });

  it('prefers the manual override, then webp, then original, then source, with ?v= appended', () => {
    expect(resolvePhotoUrl(all)).toBe('/uploads/photos/override.webp?v=1700000000');
    expect(resolvePhotoUrl({ ...all, manualOverrideUrl: null })).toBe('/uploads/photos/a.webp?v=1700000000');
    expect(resolvePhotoUrl({ ...all, manualOverrideUrl: null, webpUrl: null })).toBe(
      '/uploads/photos/a-original.jpg?v=1700000000',
    );
    expect(resolvePhotoUrl(photo({ sourceUrl: 'https://photos.example.org/a.jpg' }))).toBe(
      'https://photos.example.org/a.jpg?v=1700000000',
    );
  });

  it('appends the version with & when the address already has a query', () => {
    expect(resolvePhotoUrl(photo({ sourceUrl: 'https://photos.example.org/a.jpg?size=2' }))).toBe(
      'https://photos.example.org/a.jpg?size=2&v=1700000000',
    );
  });

  it('never hands a browser an address on the parliament’s own hosts', () => {
    expect(
      resolvePhotoUrl(photo({ sourceUrl: 'https://www.parliament.gov.so/wp-content/uploads/mp.jpg' })),
    ).toBeNull();
    expect(
      resolvePhotoUrl(photo({ sourceUrl: 'https://senate.gov.so/wp-content/uploads/s.jpg' })),
    ).toBeNull();
    expect(
      resolvePhotoUrl(
        photo({
          originalUrl: 'https://parliament.gov.so/a.jpg',
          sourceUrl: 'https://photos.example.org/b.jpg',
        }),
      ),
    ).toBe('https://photos.example.org/b.jpg?v=1700000000');
    expect(isOfficialParliamentUrl('https://cdn.parliament.gov.so/a.jpg')).toBe(true);
    expect(isOfficialParliamentUrl('https://notparliament.gov.so/a.jpg')).toBe(false);
    expect(isOfficialParliamentUrl('not a url')).toBe(false);
  });

  it('skips addresses a browser must not load, and falls back to the member’s own image', () => {
    expect(
      resolvePhotoUrl(photo({ webpUrl: '//evil.example/a.webp', originalUrl: 'javascript:alert(1)' })),
    ).toBeNull();
    expect(resolvePhotoUrl(null, '/uploads/candidates/x.webp')).toBe('/uploads/candidates/x.webp');
    expect(resolvePhotoUrl(photo({}), 'https://parliament.gov.so/x.jpg')).toBeNull();
    expect(resolvePhotoUrl(null)).toBeNull();
  });
});

describe('normaliseMemberName', () => {
  it('ignores case, spacing, punctuation, accents and titles', () => {
    expect(normaliseMemberName('Hon. Amina  Warsame, MP')).toBe('amina warsame');
    expect(normaliseMemberName('  DR. PROF. amina warsame ')).toBe('amina warsame');
    expect(normaliseMemberName('Sen. Zamzam Ibrahim Ali')).toBe('zamzam ibrahim ali');
    expect(normaliseMemberName('Cabdi Xasan Faarax')).toBe('cabdi xasan faarax');
    expect(normaliseMemberName('Sadíya Yasin')).toBe('sadiya yasin');
    expect(normaliseMemberName('Hon.')).toBe('');
  });

  it('keeps titles that are inside other words', () => {
    expect(normaliseMemberName('Honest Mpenzi Drake')).toBe('honest mpenzi drake');
  });

  it('matches a name with or without a nickname in brackets', () => {
    expect(memberNameKeys('Aden Mohamed Nur (Madobe)')).toEqual([
      'aden mohamed nur madobe',
      'aden mohamed nur',
    ]);
    expect(memberNameKeys('Amina Warsame')).toEqual(['amina warsame']);
  });
});
