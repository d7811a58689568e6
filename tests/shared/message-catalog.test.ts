import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@server/errors/domain-error';
import { errorText, messageText } from '@server/errors/texts';
import { ERROR_CATALOGUE } from '@shared/errors';
import { languageFromHeader, readMessage } from '@shared/i18n/error-messages';
import en from '@shared/i18n/locales/en/errors.json';
import so from '@shared/i18n/locales/so/errors.json';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') result.set(`${prefix}${name}`, value);
    else for (const [key, text] of flatten(value, `${prefix}${name}.`)) result.set(key, text);
  }
  return result;
}
const ENGLISH = flatten(en);
const SOMALI = flatten(so);
/** A plural's keys (`time.minutes_one`, `time.minutes_other`) are one key to the code that uses it. */
const baseKey = (key: string) => key.replace(/_(one|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

/**
 * The keys the code names: every string literal in shared/ and server/ that is a key of the errors namespace
 * (zod messages, codes thrown, a form's sentence: the client names them through shared/'s constants),
 * label('x') parts, and keys built from a prefix (`house.${...}`) as wildcards.
 */
function keysInCode(): { exact: Set<string>; prefixes: Set<string> } {
  const groups = new Set([...ENGLISH.keys()].map((key) => key.split('.')[0]));
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const files = ['shared', 'server'].flatMap(sourceFiles);
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const match of source.matchAll(/['"]([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)['"]/g)) {
      const key = match[1] ?? '';
      if (groups.has(key.split('.')[0] ?? '')) exact.add(key);
    }
    for (const match of source.matchAll(/\blabel\('(\w+)'\)/g)) exact.add(`label.${match[1]}`);
    for (const match of source.matchAll(/`([a-z][A-Za-z.]*\.)\$\{/g)) prefixes.add(match[1] ?? '');
  }
  return { exact, prefixes };
}

describe('error and validation texts', () => {
  it('has every code of the catalogue in English and Somali, with the same placeholders', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) {
      const english = ENGLISH.get(code);
      const somali = SOMALI.get(code);
      expect(english, `English for ${code}`).toBeTruthy();
      expect(somali, `Somali for ${code}`).toBeTruthy();
      expect(placeholders(somali ?? ''), code).toEqual(placeholders(english ?? ''));
    }
  });

  it('has the same keys in both languages, none empty, placeholders kept', () => {
    expect([...SOMALI.keys()].sort()).toEqual([...ENGLISH.keys()].sort());
    for (const [key, english] of ENGLISH) {
      const somali = SOMALI.get(key) ?? '';
      expect(somali.trim(), key).not.toBe('');
      expect(placeholders(somali), key).toEqual(placeholders(english));
    }
  });

  it('has a text for every key the code uses (zod messages, codes, labels)', () => {
    const { exact } = keysInCode();
    const known = new Set([...ENGLISH.keys()].map(baseKey));
    expect(exact.size).toBeGreaterThan(150);
    expect([...exact].filter((key) => !known.has(key))).toEqual([]);
  });

  it('has no text nothing uses', () => {
    const { exact, prefixes } = keysInCode();
    const unused = [...ENGLISH.keys()].filter((key) => {
      const base = baseKey(key);
      if (exact.has(base) || Object.hasOwn(ERROR_CATALOGUE, base)) return false;
      return ![...prefixes].some((prefix) => base.startsWith(prefix));
    });
    expect(unused).toEqual([]);
  });

  it("keeps the spec's English sentences word for word", () => {
    const spec: [string, string][] = [
      ['access.adminOnly', 'Access denied. Admin privileges required.'],
      ['auth.required', 'Authentication Required. Please sign in to continue.'],
      ['house.parliament', 'House of the People'],
      ['poll.authenticationRequired', 'Authentication Required'],
      ['poll.fillRequired', 'Please fill in all required fields'],
      ['poll.missingInformation', 'Missing Information'],
      ['poll.noneActive', 'No active poll available at this time.'],
      ['poll.selectCandidate', 'Please select a candidate'],
      ['poll.signInToCreate', 'Please sign in as admin to create polls'],
      ['poll.signInToVote', 'Please sign in to vote'],
      ['request.unexpected', 'An unexpected error occurred.'],
      ['signIn.invalidCredentials', 'Invalid credentials. Please try again.'],
      ['validation.bothCredentials', 'Please enter both email and password'],
      ['validation.candidateRequired', 'Please add at least one candidate with a name'],
      ['validation.districtMissing', 'Please provide name, code, and region.'],
      ['validation.passwordTooShort', 'Password must be at least 6 characters'],
      ['validation.passwordsDiffer', 'Passwords do not match'],
      ['vote.alreadyCast', 'You have already cast your vote in this election.'],
      ['vote.selectCandidate', "Please select a candidate and ensure you're logged in"],
    ];
    for (const [key, sentence] of spec) expect(ENGLISH.get(key), key).toBe(sentence);
  });

  it('says a code with its parts in both languages, parts translated too', () => {
    expect(errorText(new DomainError('vote.alreadyCast'), 'so')).toBe(
      'Horey ayaad ugu codeysay doorashadan.',
    );
    expect(errorText(new DomainError('election.notFound', { id: 42 }), 'en')).toBe('No election with id 42.');
    expect(errorText(new DomainError('election.notFound', { id: 42 }), 'so')).toBe(
      'Ma jirto doorasho leh aqoonsiga 42.',
    );
    const wait = (count: number) => ({ wait: { key: 'time.minutes', params: { count } } });
    expect(errorText(new DomainError('limit.failedSignIn', wait(15)), 'en')).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(errorText(new DomainError('limit.failedSignIn', wait(1)), 'en')).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    );
    expect(errorText(new DomainError('limit.failedSignIn', wait(15)), 'so')).toBe(
      'Isku dayo galitaan oo fashilmay oo aad u badan. Fadlan sug 15 daqiiqo oo mar kale isku day.',
    );
    const latitude = {
      key: 'validation.between',
      params: { label: { key: 'label.latitude' }, min: -90, max: 90 },
    };
    expect(messageText(latitude, 'en')).toBe('Latitude must be between -90 and 90');
    expect(messageText(latitude, 'so')).toBe('Loolka waa inuu u dhexeeyaa -90 iyo 90');
    expect(messageText({ key: 'Something nobody wrote.' }, 'so')).toBe('Something nobody wrote.');
  });

  it("never lets a part's name act as an i18next option (attack review, 9)", () => {
    // Each of these names is an option of i18next's t(); as a part it is only a value for its {{placeholder}}.
    const hostile = {
      id: 'x',
      lng: 'so',
      lngs: 'so',
      keyPrefix: 'account',
      context: 'male',
      defaultValue: 'Something else.',
      returnObjects: 1,
      postProcess: 'sprintf',
      interpolation: 'none',
      replace: 'y',
      ns: 'other',
    };
    for (const language of ['en', 'so'] as const) {
      expect(() => messageText({ key: 'election.notFound', params: hostile }, language)).not.toThrow();
    }
    expect(messageText({ key: 'election.notFound', params: hostile }, 'en')).toBe('No election with id x.');
    expect(messageText({ key: 'election.notFound', params: hostile }, 'so')).toBe(
      'Ma jirto doorasho leh aqoonsiga x.',
    );
    // The plural still follows a numeric count.
    expect(messageText({ key: 'time.minutes', params: { count: 1, lng: 'so' } }, 'en')).toBe('1 minute');
    expect(messageText({ key: 'time.minutes', params: { count: 7, lngs: 'so' } }, 'en')).toBe('7 minutes');
  });

  it("reads zod's own wording whole, even with a | in it", () => {
    const zodEnum = 'Invalid option: expected one of "citizen"|"admin"';
    expect(readMessage(zodEnum)).toEqual({ key: zodEnum });
    expect(messageText(readMessage(zodEnum), 'so')).toBe(zodEnum);
    expect(readMessage('validation.between|[1,2]')).toEqual({ key: 'validation.between|[1,2]' });
    expect(readMessage('validation.maxLength|{"max":5}')).toEqual({
      key: 'validation.maxLength',
      params: { max: 5 },
    });
  });

  it('reads the language from Accept-Language', () => {
    expect(languageFromHeader('so')).toBe('so');
    expect(languageFromHeader('so-SO,so;q=0.9,en;q=0.8')).toBe('so');
    expect(languageFromHeader('en-GB,en;q=0.9,so;q=0.5')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('somethingelse')).toBe('en');
  });
});
