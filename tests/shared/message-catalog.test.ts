import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageFromHeader, SOMALI_MESSAGES, translateMessage } from '../../shared/i18n/messages';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(folder: string, deep: boolean): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return deep ? sourceFiles(path, deep) : [];
    return path.endsWith('.ts') ? [path] : [];
  });
}

// Where the messages a reader can see are written: services and routes throw them, shared schemas validate
// with them. The shapes below are how this codebase writes them (a message: or error: key, a zod check's
// message argument, an UPPER_CASE constant, a *Messages object, a field label).
const STRING = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
const SHAPES = [
  String.raw`\b(?:message|error):\s*` + STRING,
  String.raw`\.(?:min|max|int|regex|refine|length|email|url|uuid|positive|nonnegative)\([^()]*?,\s*` +
    STRING +
    String.raw`\s*\)`,
  // Constants hold sentences: the tail of the pattern wants one ending in . ! or ?
  String.raw`\b[A-Z][A-Z0-9_]+\s*=\s*` + STRING.replace(/\)$/, '') + String.raw`)(?<=[.!?]['"\`])`,
  String.raw`(?:requiredText\(\s*[\d_]+,\s*[^,]+,|optionalText\(\s*[\d_]+,|urlOrPath\(|coordinate\([^,]+,[^,]+,)\s*` +
    STRING,
].map((source) => new RegExp(source, 'g'));
const MESSAGE_OBJECT = /\b\w*[mM]essages\s*=\s*\{([\s\S]*?)\}\s*as const/g;

/** Strings that are not shown to readers: a crawler's user agent, a CSS selector, an internal assertion, job logs. */
const NOT_FOR_READERS = new Set([
  'CodkaPhotoRefresh/1.0 (+https://codka.so)',
  'header, nav, footer, aside, [role="banner"], [role="navigation"], [role="contentinfo"]',
  'new session did not validate',
  'The server stopped before this job finished.',
  'Set SEED_DEMO=false (and ADMIN_EMAIL/ADMIN_PASSWORD) for a real deployment.',
]);

function readerMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [
    // Photo jobs write logs for the log, and bench-only routes answer a load generator, not a reader.
    ...sourceFiles('server', true).filter((file) => !file.includes('jobs') && !/[/\\]bench-/.test(file)),
    ...sourceFiles('shared/schemas', true),
    ...sourceFiles('shared', false),
  ];
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const add = (literal: string | undefined) => {
      if (!literal) return;
      // Template parts become a sample value, as a real message would carry one.
      const text = literal.slice(1, -1).replace(/\$\{[^}]*\}/g, '7');
      if (!/[a-z]/.test(text) || NOT_FOR_READERS.has(text)) return;
      if (!/ /.test(text) && !/^[A-Z][a-z]+$/.test(text)) return;
      found.set(text, relative(ROOT, join(ROOT, file)));
    };
    for (const shape of SHAPES) for (const match of source.matchAll(shape)) add(match[1]);
    for (const object of source.matchAll(MESSAGE_OBJECT)) {
      for (const value of (object[1] ?? '').matchAll(new RegExp(String.raw`:\s*` + STRING, 'g')))
        add(value[1]);
    }
  }
  return found;
}

describe('server messages in Somali', () => {
  it('finds the messages it checks (the extraction works)', () => {
    const messages = readerMessages();
    expect(messages.size).toBeGreaterThan(120);
    expect(messages.has('You have already cast your vote in this election.')).toBe(true);
    expect(messages.has('No election with id 7.')).toBe(true);
  });

  it('has a Somali text for every message a reader can see', () => {
    const untranslated = [...readerMessages()]
      .filter(([english]) => translateMessage(english, 'so') === english)
      .map(([english, file]) => `${file}: ${english}`);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of every template', () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [english, somali] of Object.entries(SOMALI_MESSAGES)) {
      expect(names(somali), english).toEqual(names(english));
      expect(somali.trim(), english).not.toBe('');
    }
  });

  it('translates exact messages, templates and their parts, and leaves English and unknown text alone', () => {
    expect(translateMessage('You have already cast your vote in this election.', 'so')).toBe(
      'Horey ayaad ugu codeysay doorashadan.',
    );
    expect(translateMessage('You have already cast your vote in this election.', 'en')).toBe(
      'You have already cast your vote in this election.',
    );
    expect(translateMessage('No election with id 42.', 'so')).toBe('Ma jirto doorasho leh aqoonsiga 42.');
    expect(translateMessage('Latitude must be between -90 and 90', 'so')).toBe(
      'Loolka waa inuu u dhexeeyaa -90 iyo 90',
    );
    expect(
      translateMessage('Too many failed sign-in attempts. Please wait 15 minutes and try again.', 'so'),
    ).toBe('Isku dayo galitaan oo fashilmay oo aad u badan. Fadlan sug 15 daqiiqo oo mar kale isku day.');
    expect(translateMessage('Something nobody wrote.', 'so')).toBe('Something nobody wrote.');
  });

  it('reads the language from Accept-Language', () => {
    expect(languageFromHeader('so')).toBe('so');
    expect(languageFromHeader('so-SO,so;q=0.9,en;q=0.8')).toBe('so');
    expect(languageFromHeader('en-GB,en;q=0.9,so;q=0.5')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('somethingelse')).toBe('en');
  });
});
