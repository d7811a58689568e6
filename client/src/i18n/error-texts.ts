import type { MessageParams } from '@shared/errors';
import { type ErrorTexts, readMessage, translateMessage } from '@shared/i18n/error-messages';
import { i18n } from './index';

// Keys arrive at run time (a zod message, a server's errorCode), so `t` is used untyped here.
type Translate = (key: string, options?: Record<string, unknown>) => string;
const texts: ErrorTexts = {
  get language() {
    return i18n.language === 'so' ? 'so' : 'en';
  },
  t: (key, options) => (i18n.t as unknown as Translate)(key, { ...options, ns: 'errors' }),
  exists: (key, options) => i18n.exists(key, { ...options, ns: 'errors' }),
};

/**
 * A message from shared/ (a zod schema's validation message, a poll or vote sentence: a key of the errors
 * namespace, with its parts) in the reader's language. The server says the same keys for its answers, so a
 * form and its procedure say the same thing in the same words.
 */
export function messageText(message: string): string {
  return translateMessage(texts, readMessage(message));
}

/** A server error's sentence from its code and parts (`data.errorCode`, `data.params`) in the reader's language. */
export function errorCodeText(code: string, params?: MessageParams): string {
  return translateMessage(texts, { key: code, params });
}
