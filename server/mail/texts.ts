import type { MessageLanguage } from '@shared/i18n/error-messages';
import en from './locales/en.json' with { type: 'json' };
import so from './locales/so.json' with { type: 'json' };

/**
 * Every e-mail the site sends, in both languages: server/mail/locales/<language>.json, the same keys and
 * {{placeholders}} in each (tests/server/mail-texts.test.ts keeps them so). A message goes out in the language
 * of the request that caused it, or the account's (users.language) when the reader did not ask for it.
 */
export type MailKind = keyof typeof en;

const TEXTS: Record<MessageLanguage, Record<MailKind, { subject: string; body: string }>> = { en, so };

/** The subject and text of one kind of e-mail in one language, its {{placeholders}} filled in. */
export function mailText(
  kind: MailKind,
  language: MessageLanguage,
  values: Record<string, string> = {},
): { subject: string; text: string } {
  const { subject, body } = TEXTS[language][kind];
  // A value is a link, an address or a role's name, filled in as it is (the message is plain text).
  const filled = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`mail ${kind} needs {{${name}}}`);
      return value;
    });
  return { subject: filled(subject), text: filled(body) };
}
