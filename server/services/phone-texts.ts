import type { MessageLanguage } from '@shared/i18n/error-messages';
import en from '@shared/i18n/locales/en/phone.json' with { type: 'json' };
import so from '@shared/i18n/locales/so/phone.json' with { type: 'json' };
import { createInstance } from 'i18next';

/**
 * What a phone shows: USSD screens and the SMS notices, in shared/i18n/locales/<language>/phone.json (the same
 * keys in both languages, tests/server/ussd-texts.test.ts keeps them so), through the server's own i18next as
 * error sentences are (server/errors/texts.ts).
 */
const i18n = createInstance();
void i18n.init({
  resources: { en: { phone: en }, so: { phone: so } },
  lng: 'so',
  fallbackLng: false,
  ns: ['phone'],
  defaultNS: 'phone',
  initAsync: false,
  // Plain text on a phone's screen: nothing to escape.
  interpolation: { escapeValue: false },
});

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text's key, from the English file: a key missing there does not compile. */
export type PhoneTextKey = Leaves<typeof en>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One text in one language, its {{placeholders}} filled in. */
export function phoneText(
  language: MessageLanguage,
  key: PhoneTextKey,
  values: Record<string, string | number> = {},
): string {
  return (i18n.t as unknown as Translate)(key, { ...values, lng: language, ns: 'phone' });
}
