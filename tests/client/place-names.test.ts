import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One spelling per language for the capital region and the member states whose names are written several ways
 * (docs/decisions/021-bilingual-content.md, its table): every text a reader sees, in every locale file, uses it.
 * Keys are identifiers (the directories' stored values) and are not read.
 */
const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['client/src/i18n/locales', 'shared/i18n/locales'];

const OFFICIAL = {
  en: {
    Banadir: ['Banaadir', 'Benadir'],
    Jubaland: ['Jubbaland'],
    Hirshabelle: ['Hirshabeele', 'Hirshabeelle'],
  },
  so: {
    Banaadir: ['Banadir', 'Benadir'],
    Jubbaland: ['Jubaland'],
    Hirshabeelle: ['Hirshabelle', 'Hirshabeele'],
  },
} as const;
/** An institution's own English name, spelled as it spells it. */
const PROPER_NAMES = ['Benadir Regional Administration'];

type Tree = { [key: string]: unknown };
function texts(value: unknown, path: string, out: Array<[string, string]>) {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) texts(item, `${path}.${index}`, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Tree)) texts(item, `${path}.${key}`, out);
  }
  return out;
}

function localeTexts(language: 'en' | 'so'): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const folder of FOLDERS) {
    const dir = join(ROOT, folder, language);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      texts(JSON.parse(readFileSync(join(dir, file), 'utf8')), `${folder}/${language}/${file}`, out);
    }
  }
  texts(JSON.parse(readFileSync(join(ROOT, 'server/mail/locales', `${language}.json`), 'utf8')), 'mail', out);
  return out;
}

describe('place names', () => {
  for (const language of ['en', 'so'] as const) {
    it(`spells the capital region and the member states one way in ${language}`, () => {
      const wrong: string[] = [];
      for (const [path, text] of localeTexts(language)) {
        const plain = PROPER_NAMES.reduce((rest, name) => rest.replaceAll(name, ''), text);
        for (const [official, others] of Object.entries(OFFICIAL[language])) {
          for (const other of others) {
            if (new RegExp(`\\b${other}\\b`).test(plain))
              wrong.push(`${path}: "${other}" (write ${official})`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('names the directories’ regions and states with the official spelling', () => {
    const read = (language: string, file: string) =>
      JSON.parse(readFileSync(join(ROOT, 'client/src/i18n/locales', language, file), 'utf8'));
    const en = read('en', 'directory.json');
    const so = read('so', 'directory.json');
    expect([en.houseRegions.Banaadir, en.houseRegions.Jubbaland, en.senateStates.Hirshabeele]).toEqual([
      'Banadir',
      'Jubaland',
      'Hirshabelle',
    ]);
    expect([so.houseRegions.Banaadir, so.senateStates.Jubaland, so.senateStates.Hirshabeele]).toEqual([
      'Banaadir',
      'Jubbaland',
      'Hirshabeelle',
    ]);
  });
});
