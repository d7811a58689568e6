import type { MessageLanguage } from './i18n/error-messages';
import en from './i18n/locales/en/generated.json' with { type: 'json' };
import so from './i18n/locales/so/generated.json' with { type: 'json' };
import type { PollElectionType } from './polls';

/**
 * Texts staff write, in both languages (docs/decisions/021-bilingual-content.md). Answers carry both, the same for
 * every reader; the reader's side picks one (`pickText`), so cached answers and pages stay one per address.
 */
export type ContentLanguage = MessageLanguage;
export const CONTENT_LANGUAGES = ['en', 'so'] as const satisfies readonly ContentLanguage[];

/** A text in English and in Somali; null where that language is missing. */
export interface BilingualText {
  en: string | null;
  so: string | null;
}

const present = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** The two columns of a text as an answer's `xText`: an empty column ('' or null) is a missing language. */
export function textOf(english: string | null | undefined, somali: string | null | undefined): BilingualText {
  return { en: present(english), so: present(somali) };
}

/**
 * What an answer's plain `x` field holds beside `xText`: the English, else the Somali, as callers that predate
 * the Somali columns read it.
 */
export function plainText(text: BilingualText): string | null {
  return text.en ?? text.so;
}

/** The text a reader sees: in their language, else in the other one, marked as such by `fallback`. */
export interface PickedText {
  text: string;
  language: ContentLanguage;
  fallback: boolean;
}

export function pickText(text: BilingualText, language: ContentLanguage): PickedText | null {
  const own = text[language];
  if (own !== null) return { text: own, language, fallback: false };
  const other: ContentLanguage = language === 'en' ? 'so' : 'en';
  const theirs = text[other];
  return theirs === null ? null : { text: theirs, language: other, fallback: true };
}

/**
 * The language(s) an entry's texts are still to be translated into, for the staff lists that mark it: a text
 * written in one language and missing in the other. A text written in neither (an optional one left out) asks
 * for no translation.
 */
export const missingLanguages = (...texts: BilingualText[]): ContentLanguage[] =>
  CONTENT_LANGUAGES.filter((language) =>
    texts.some((text) => text[language] === null && plainText(text) !== null),
  );

// Generated texts: written in both languages when read, from shared/i18n/locales/<language>/generated.json.
const GENERATED = { en, so } as const;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function generated(write: (texts: typeof en) => string): BilingualText {
  return { en: write(GENERATED.en), so: write(GENERATED.so) };
}

/** "Presidential Poll 2026-11" (docs/product.md#poll-forms) and its Somali: a poll's title when none was given. */
export function defaultPollTitleText(electionType: PollElectionType, monthYear: string): BilingualText {
  return generated((texts) =>
    fill(texts.poll.title, { type: texts.poll.type[electionType], month: monthYear }),
  );
}

/** A poll's title: what the admin wrote (either language), else the generated one in both. */
export function pollTitleText(poll: {
  title: string;
  titleSo: string;
  electionType: PollElectionType;
  monthYear: string;
}): BilingualText {
  const given = textOf(poll.title, poll.titleSo);
  return plainText(given) === null ? defaultPollTitleText(poll.electionType, poll.monthYear) : given;
}

/** "Election poll for 2026-11": a poll's description where it is shown as an election (the hub). */
export function pollDescriptionText(monthYear: string): BilingualText {
  return generated((texts) => fill(texts.poll.description, { month: monthYear }));
}
