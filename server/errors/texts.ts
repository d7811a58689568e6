import type { MessageRef } from '@shared/errors';
import {
  type ErrorTexts,
  type MessageLanguage,
  readMessage,
  translateMessage,
} from '@shared/i18n/error-messages';
import en from '@shared/i18n/locales/en/errors.json' with { type: 'json' };
import so from '@shared/i18n/locales/so/errors.json' with { type: 'json' };
import { createInstance } from 'i18next';

/** The server's own i18next, with the errors namespace of both languages loaded at start (no fetching). */
const i18n = createInstance();
void i18n.init({
  resources: { en: { errors: en }, so: { errors: so } },
  lng: 'en',
  // No fallback: the catalogue test keeps both languages complete.
  fallbackLng: false,
  ns: ['errors'],
  defaultNS: 'errors',
  initAsync: false,
  // Answers are JSON; the client's React escapes when it shows them.
  interpolation: { escapeValue: false },
});

// Keys arrive at run time (a code, a zod message), so `t` is used untyped here.
type Translate = (key: string, options?: Record<string, unknown>) => string;
const inLanguage = (lng: MessageLanguage): ErrorTexts => ({
  language: lng,
  t: (key, options) => (i18n.t as unknown as Translate)(key, { ...options, lng, ns: 'errors' }),
  exists: (key, options) => i18n.exists(key, { ...options, lng, ns: 'errors' }),
});
const texts: Record<MessageLanguage, ErrorTexts> = { en: inLanguage('en'), so: inLanguage('so') };

/** A message (a key and its parts) in the reader's language. */
export function messageText(ref: MessageRef, language: MessageLanguage = 'en'): string {
  return translateMessage(texts[language], ref);
}

/** A domain error's sentence in the reader's language. */
export function errorText(
  error: { code: string; params?: MessageRef['params'] },
  language: MessageLanguage = 'en',
): string {
  return messageText({ key: error.code, params: error.params }, language);
}

/** A message as shared/ writes it (a key, or a key and its parts from `message()`), in English. */
export const englishMessage = (text: string): string => messageText(readMessage(text));

/** Whether a text is a key of the errors catalogue (the sentence exists in both languages: the catalogue test). */
export function isMessageKey(text: string, params?: MessageRef['params']): boolean {
  // A count picks the plural's key ("1 minute", "15 minutes"): the key alone may not exist without it.
  const count = typeof params?.count === 'number' ? { count: params.count } : {};
  return i18n.exists(text, { lng: 'en', ns: 'errors', ...count });
}

/** A refusal of a schema's, as zod reports it (only what the sentence needs). */
export interface SchemaIssue {
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * What a reader is told about input a schema refused: the schema's own message (a key of the catalogue, with its
 * parts); for zod's built-in wording (input no form of ours sends), the catalogue's sentence naming a field the
 * request does not take, or its general one: zod's English would reach a Somali reader as it is.
 */
export function validationMessage(issue: SchemaIssue | string | undefined): MessageRef {
  const refused = typeof issue === 'string' ? { message: issue } : issue;
  const ref = refused ? readMessage(refused.message) : null;
  if (ref && isMessageKey(ref.key, ref.params)) return ref;
  const field = refused?.code === 'unrecognized_keys' ? refused.keys?.[0] : undefined;
  return field ? { key: 'validation.unknownField', params: { field } } : { key: 'validation.invalidInput' };
}
