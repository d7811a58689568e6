import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every text of the site exists in both languages: a key missing (or left empty) in either file fails here.
const LOCALES = join(import.meta.dirname, '../../client/src/i18n/locales');
const LANGUAGES = ['en', 'so'] as const;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const read = (language: string, file: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree);

/** {{placeholders}} and <0>tags</0> a translation must keep, whatever its word order. */
const markers = (text: string): string[] => (text.match(/\{\{\s*[\w.]+\s*\}\}|<\/?\d+\/?>/g) ?? []).sort();

const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort(), language).toEqual([...namespaces].sort());
    }
    expect(namespaces).toContain('common.json');
  });

  for (const file of namespaces) {
    it(`${file}: every key in both languages, none empty, same placeholders`, () => {
      const [en, so] = LANGUAGES.map((language) => read(language, file)) as [
        Map<string, string>,
        Map<string, string>,
      ];
      expect(
        [...so.keys()].filter((key) => !en.has(key)),
        'keys only in Somali',
      ).toEqual([]);
      expect(
        [...en.keys()].filter((key) => !so.has(key)),
        'keys missing in Somali',
      ).toEqual([]);
      for (const [key, english] of en) {
        const somali = so.get(key) ?? '';
        expect(english.trim(), `en ${key} is empty`).not.toBe('');
        expect(somali.trim(), `so ${key} is empty`).not.toBe('');
        expect(markers(somali), `so ${key} placeholders`).toEqual(markers(english));
      }
    });
  }
});
