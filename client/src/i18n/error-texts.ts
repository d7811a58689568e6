import type { MessageParams } from '@shared/errors';
import { type ErrorTexts, readMessage, translateMessage } from '@shared/i18n/error-messages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './index';

// Keys arrive at run time (a zod message, a server's errorCode), so `t` is used untyped here.
type Translate = (key: string, options?: Record<string, unknown>) => string;
type I18n = typeof i18n;

function textsOf(instance: I18n): ErrorTexts {
  return {
    get language() {
      return instance.language === 'so' ? 'so' : 'en';
    },
    t: (key, options) => (instance.t as unknown as Translate)(key, { ...options, ns: 'errors' }),
    exists: (key, options) => instance.exists(key, { ...options, ns: 'errors' }),
  };
}

/** What is said in one instance's language: a message from shared/, and a server error's sentence. */
function speakerOf(own: ErrorTexts) {
  return {
    /**
     * A message from shared/ (a zod schema's validation message, a poll or vote sentence: a key of the errors
     * namespace, with its parts). The server says the same keys for its answers, so a form and its procedure say
     * the same thing in the same words.
     */
    messageText: (message: string) => translateMessage(own, readMessage(message)),
    /** A server error's sentence from its code and parts (`data.errorCode`, `data.params`). */
    errorCodeText: (code: string, params?: MessageParams) => translateMessage(own, { key: code, params }),
  };
}

/**
 * In the browser's one instance: for what is said after the page is the reader's (a toast, a form's refusal), in
 * the reader's language.
 */
export const { messageText, errorCodeText } = speakerOf(textsOf(i18n));

/**
 * messageText and errorCodeText in the language of the page being rendered: the server renders each request with an
 * i18n instance of its own (its reader's language), which the module's instance is not. A sentence in what a
 * component renders goes through this, so the server's HTML and the browser's first render say it alike.
 */
export function useMessageTexts() {
  const { i18n: instance } = useTranslation();
  return useMemo(() => speakerOf(textsOf(instance)), [instance]);
}
