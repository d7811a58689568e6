import type { MessageLanguage } from '@shared/i18n/error-messages';
import { USSD_MORE_KEY, ussdPages } from '@shared/ussd';
import type { AppDeps } from '../../deps';
import { type PhoneTextKey, phoneText } from '../phone-texts';

/** What one answer shows: a screen that waits for a choice (CON) or the session's last one (END). */
export interface Screen {
  end: boolean;
  text: string;
}

export type UssdDeps = Pick<AppDeps, 'db' | 'env' | 'limits' | 'log'>;

/** Who dialled, as the menu knows them: the carrier's number and the account it belongs to, if any. */
export interface UssdCaller {
  /** E.164. */
  phone: string;
  phoneHash: string;
  /** The account whose confirmed number this is. */
  account: { id: string; isActive: boolean } | null;
}

/** Everything a menu screen reads: one per request. */
export interface Menu {
  deps: UssdDeps;
  caller: UssdCaller;
  language: MessageLanguage;
  /** The gateway's (or the admin's) address. */
  ip: string;
  /** The staff simulator: the same screens, but a vote is checked and never saved. */
  simulated: boolean;
  /** Told when a vote was recorded, so public answers that count it are dropped. */
  onVote: () => void;
  now: Date;
}

export const con = (text: string): Screen => ({ end: false, text });
export const end = (text: string): Screen => ({ end: true, text });

/** A text of the menu's language. */
export const say = (menu: Menu, key: PhoneTextKey, values?: Record<string, string | number>) =>
  phoneText(menu.language, key, values);

export const unknownChoice = (menu: Menu): Screen => end(say(menu, 'ussd.unknownChoice'));

/** A list to read: "0" turns the page, and the last page ends the session. */
export function readList(menu: Menu, header: string, lines: readonly string[], choices: string[]): Screen {
  const pages = ussdPages(header, lines, say(menu, 'ussd.more'));
  if (!choices.every((choice) => choice === USSD_MORE_KEY) || choices.length >= pages.length) {
    return unknownChoice(menu);
  }
  const page = pages[choices.length] ?? '';
  return choices.length === pages.length - 1 ? end(page) : con(page);
}

/**
 * A numbered list to choose from: "0" turns the page, a line's number (on any page) picks it. Either the screen
 * to show, or the index picked and the choices after it.
 */
export function chooseFrom(
  menu: Menu,
  header: string,
  labels: readonly string[],
  choices: string[],
): { screen: Screen } | { index: number; rest: string[] } {
  const pages = ussdPages(
    header,
    labels.map((label, index) => `${index + 1}. ${label}`),
    say(menu, 'ussd.more'),
  );
  let page = 0;
  while (choices[page] === USSD_MORE_KEY && page < pages.length - 1) page += 1;
  const choice = choices[page];
  if (choice === undefined) return { screen: con(pages[page] ?? '') };
  const index = /^\d{1,3}$/.test(choice) ? Number(choice) - 1 : -1;
  if (index < 0 || index >= labels.length) return { screen: unknownChoice(menu) };
  return { index, rest: choices.slice(page + 1) };
}
