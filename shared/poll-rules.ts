import { defaultPollTitleText } from './bilingual';
import { type DateFormat, ENGLISH, formatCalendar } from './calendar';
import { monthBounds, SOMALIA_UTC_OFFSET_MS } from './months';
import type { PollElectionType, PollStatus } from './polls';

export const POLL_TYPE_LABELS: Record<PollElectionType, string> = {
  presidential: 'Presidential',
  parliamentary: 'Parliamentary',
  senate: 'Senate',
};

export const POLL_STATUS_LABELS: Record<PollStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
};

/**
 * The admin dialog's title when none is given, "{Type} Poll {month_year}" (docs/product.md#poll-forms), in English;
 * both languages: `defaultPollTitleText` (shared/bilingual.ts).
 */
export function defaultPollTitle(electionType: PollElectionType, monthYear: string): string {
  return defaultPollTitleText(electionType, monthYear).en ?? '';
}

export interface PollTiming {
  status: PollStatus;
  opensAt: Date;
  closesAt: Date;
}

/**
 * Votes are taken only while a poll is open and now lies within its window
 * (docs/product.md#monthly-presidential-poll).
 */
export function isPollVotingOpen(poll: PollTiming, now: Date): boolean {
  return poll.status === 'open' && poll.opensAt <= now && now <= poll.closesAt;
}

/**
 * A poll is over once an admin closed it or its closing time has passed: an open poll nobody pressed
 * Close on takes no more votes, so its results are already final.
 */
export function hasPollEnded(poll: PollTiming, now: Date): boolean {
  return poll.status === 'closed' || (poll.status === 'open' && now > poll.closesAt);
}

export interface PollViewer {
  isAdmin: boolean;
  hasVoted: boolean;
}

/**
 * docs/product.md#poll-results: closed polls show final results to everyone; open polls show results only after the
 * user has voted; admins always see them (a draft's results only they).
 */
export function pollResultsVisible(poll: PollTiming, viewer: PollViewer, now: Date): boolean {
  if (viewer.isAdmin) return true;
  if (poll.status === 'draft') return false;
  return hasPollEnded(poll, now) || viewer.hasVoted;
}

/**
 * A poll's voting period lies within its month in Somalia (East Africa Time, shared/months.ts): one poll of a
 * type a month is then one voting period a month, so a citizen votes once a month.
 */
export function pollWindowWithinMonth(monthYear: string, opensAt: Date, closesAt: Date): boolean {
  const bounds = monthBounds(monthYear);
  return opensAt >= bounds.opensAt && closesAt <= bounds.closesAt;
}

// Written by hand (shared/calendar.ts), as Intl's en-GB would: no ICU locale data loaded for a label.
const MONTH_YEAR: DateFormat = { month: 'long', year: 'numeric' };
const DAY_MONTH_YEAR: DateFormat = { day: 'numeric', month: 'long', year: 'numeric' };

/** "November 2026" for '2026-11'; the key itself when it is not a month. */
export function pollMonthLabel(monthYear: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(monthYear);
  if (!match) return monthYear;
  return formatCalendar(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15), MONTH_YEAR, ENGLISH, 0);
}

/** "30 November 2026", the day in Somalia. */
export function pollDateLabel(date: Date): string {
  return formatCalendar(date.getTime(), DAY_MONTH_YEAR, ENGLISH, SOMALIA_UTC_OFFSET_MS);
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value ('2026-11-01T00:00' or with seconds) read as Somalia time, whatever the reader's
 * own zone: polls open and close on Somalia's clock. Null when malformed.
 */
export function somaliaLocalToDate(value: string): Date | null {
  const match = LOCAL_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - SOMALIA_UTC_OFFSET_MS);
  // Date.UTC rolls 31 February over into March: refuse such dates instead of moving them.
  const back = new Date(utc);
  if (
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return date;
}

/** The datetime-local value (with seconds) of a moment in Somalia time. */
export function dateToSomaliaLocal(date: Date): string {
  return new Date(date.getTime() + SOMALIA_UTC_OFFSET_MS).toISOString().slice(0, 19);
}
