/**
 * The USSD menu's fixed rules (docs/product.md#ussd): what a gateway shows on a phone's screen is at most 160
 * characters, "CON " or "END " included; the keys of the first screen; the key that turns a page.
 */

/** The longest answer a screen shows, its "CON "/"END " prefix included. */
export const USSD_SCREEN_LIMIT = 160;
/** The prefix of every answer: "CON " keeps the session open, "END " closes it. */
const PREFIX_LENGTH = 4;

/** The first screen, in this order; 9 switches between Somali and English. */
export const USSD_KEYS = { poll: '1', registration: '2', centres: '3', results: '4', language: '9' } as const;
/** Shows the next page of a list too long for one screen. */
export const USSD_MORE_KEY = '0';

/**
 * The longest `text` (every choice of a session joined by "*") a session can reach: a card number and a date of
 * birth are the longest choices, and ten pages turned in a list are plenty. Anything longer is no phone's.
 */
export const USSD_TEXT_MAX = 200;

/** A line cut to fit a screen, with "…" saying it was cut. */
function fitLine(line: string, room: number): string {
  return line.length <= room ? line : `${line.slice(0, Math.max(0, room - 1))}…`;
}

/**
 * Splits a list into screens: each page is the header, as many lines as fit, and `moreLine` when lines are left
 * for a next page, the whole at most USSD_SCREEN_LIMIT with its prefix. A line too long for a screen of its own
 * is cut. Every page holds at least one line, so a list of n lines has at most n pages.
 */
export function ussdPages(header: string, lines: readonly string[], moreLine: string): string[] {
  const room = USSD_SCREEN_LIMIT - PREFIX_LENGTH;
  const head = fitLine(header, room - moreLine.length - 2);
  const pages: string[] = [];
  let index = 0;
  do {
    let body = head;
    let taken = 0;
    while (index + taken < lines.length) {
      const last = index + taken === lines.length - 1;
      // Room for this line, and for the "more" line unless this one is the list's last.
      const reserve = last ? 0 : moreLine.length + 1;
      const line = lines[index + taken] ?? '';
      const candidate = `${body}\n${line}`;
      if (candidate.length + reserve <= room) {
        body = candidate;
        taken += 1;
        continue;
      }
      if (taken === 0) {
        body = `${body}\n${fitLine(line, room - body.length - 1 - reserve)}`;
        taken = 1;
      }
      break;
    }
    index += taken;
    pages.push(index < lines.length ? `${body}\n${moreLine}` : body);
  } while (index < lines.length);
  return pages;
}
