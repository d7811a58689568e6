import { pickText } from '../bilingual';
import type { MessageParams, MessageRef } from '../errors';
import type en from './locales/en/errors.json';

/**
 * Error and validation texts are keys of the `errors` namespace (shared/i18n/locales/<language>/errors.json),
 * never English sentences: the server and the client each say them in the reader's language through
 * i18next. A zod schema's message is a string, so a message with parts travels as its key followed by its
 * parameters in JSON ("validation.maxLength|{...}"); `message` writes it and `readMessage` reads it back.
 */
const SEPARATOR = '|';

/** A zod message: the key alone, or the key and its parts (labels are refs: `{ key: 'label.name' }`). */
export function message(key: string, params?: MessageParams): string {
  return params ? `${key}${SEPARATOR}${JSON.stringify(params)}` : key;
}

/**
 * The key and parts of a message written by `message`; any other text comes back whole, as a key of its own.
 * Zod's own wording may hold a `|` too ('expected one of "a"|"b"'): a key has no spaces and its parts are an object.
 */
export function readMessage(text: string): MessageRef {
  const at = text.indexOf(SEPARATOR);
  if (at < 0 || /\s/.test(text.slice(0, at))) return { key: text };
  try {
    const params: unknown = JSON.parse(text.slice(at + 1));
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return { key: text };
    return { key: text.slice(0, at), params: params as MessageParams };
  } catch {
    return { key: text };
  }
}

/** A label ("Latitude") as a part of a message: its text comes from the label's key in the reader's language. */
export type LabelName = keyof (typeof en)['label'];
export const label = (name: LabelName): MessageRef => ({ key: `label.${name}` });

/** What translating needs from i18next: a `t` fixed to the errors namespace and one language. */
export interface ErrorTexts {
  /** The language it speaks: a part written in both languages is said in this one. */
  readonly language: MessageLanguage;
  t(key: string, options?: Record<string, unknown>): string;
  exists(key: string, options?: Record<string, unknown>): boolean;
}

/**
 * A message in the language `texts` speaks: its parts first (each may be a key itself), then the sentence.
 * A text that is no key of ours (zod's own wording for input no form can send) comes back unchanged.
 */
export function translateMessage(texts: ErrorTexts, ref: MessageRef): string {
  const values: Record<string, string | number> = Object.fromEntries(
    Object.entries(ref.params ?? {}).map(([name, value]) => [
      name,
      typeof value !== 'object'
        ? value
        : 'key' in value
          ? translateMessage(texts, value)
          : (pickText(value, texts.language)?.text ?? ''),
    ]),
  );
  // The parts go under `replace`, where i18next only fills placeholders: a part named lng, lngs, keyPrefix,
  // context, defaultValue or returnObjects is never obeyed as an option. Only a numeric count is also passed
  // as itself, because it picks the plural ("1 minute", "15 minutes").
  const options = {
    replace: values,
    ...(typeof values.count === 'number' ? { count: values.count } : {}),
  };
  return texts.exists(ref.key, options) ? texts.t(ref.key, options) : ref.key;
}

/** The language a request asks for: Somali when its Accept-Language starts with so, else English. */
export type MessageLanguage = 'en' | 'so';
export function languageFromHeader(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'so' || first.startsWith('so-') ? 'so' : 'en';
}
