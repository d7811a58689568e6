import type { ErrorCode, MessageParams } from './errors';

/**
 * The commission's roll as a CSV file: the columns, the limits and the checks of one row that the
 * import route applies and the admin page explains. Pure rules, no I/O.
 */

/** The header names, in the order of the example; the file may give them in any order, in any case. */
export const ROLL_IMPORT_COLUMNS = [
  'voter_card_number',
  'full_name',
  'date_of_birth',
  'district_code',
] as const;
export type RollImportColumn = (typeof ROLL_IMPORT_COLUMNS)[number];
export const ROLL_IMPORT_EXAMPLE_LINE = 'SO-2026-000123,Hodan Cali Warsame,1990-04-17,BN-HOD';

/** 20 MB is about 250,000 rows of a real roll; a bigger file is refused before it is read. */
export const ROLL_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const ROLL_IMPORT_MAX_ROWS = 200_000;
/** One row (four cells) longer than this is no voter: csv-parse stops at it instead of reading on. */
export const ROLL_IMPORT_MAX_RECORD_BYTES = 4096;
/** The report lists at most this many refused rows (and says how many there were). */
export const ROLL_IMPORT_MAX_REPORTED = 1000;
export const VOTER_FULL_NAME_MAX = 150;
export const VOTER_MIN_AGE = 18;
export const VOTER_MAX_AGE = 130;

/** "Voter card number", "VOTER_CARD_NUMBER", " voter-card-number " all name the same column. */
export function rollImportColumn(header: string): RollImportColumn | null {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (ROLL_IMPORT_COLUMNS as readonly string[]).includes(name) ? (name as RollImportColumn) : null;
}

/**
 * A cell a spreadsheet would run as a formula when the file is opened again (=, +, -, @, tab, carriage
 * return first): refused, never stored, so the roll cannot carry a command to a staff member's computer.
 */
export function isFormulaCell(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value);
}

export type DateOfBirthProblem = 'dateInvalid' | 'tooYoung' | 'dateAbsurd';

/**
 * A date of birth must be written YYYY-MM-DD (nothing else: 04/05/1990 means two dates), be a real day, and
 * give an age from 18 to 130 on `today` (UTC). Null when it is fine.
 */
export function dateOfBirthProblem(value: string, today: Date = new Date()): DateOfBirthProblem | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'dateInvalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'dateInvalid';
  }
  const age = ageOn(year, month, day, today);
  if (age < 0 || age > VOTER_MAX_AGE) return 'dateAbsurd';
  if (age < VOTER_MIN_AGE) return 'tooYoung';
  return null;
}

function ageOn(year: number, month: number, day: number, today: Date): number {
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  return y - year - (m < month || (m === month && d < day) ? 1 : 0);
}

/** A row the import refused: its line in the file, its card number when well-formed, and why. */
export interface RefusedRollRow {
  row: number;
  /** Only when the cell holds a well-formed card number: a refused cell is never echoed back as it came. */
  voterCardNumber?: string;
  reason: { code: ErrorCode; params: MessageParams };
}

/** What POST /api/admin/voter-roll.csv answers once it could read the file. */
export interface RollImportReport {
  /** Rows that passed every check. */
  accepted: number;
  /** Rows written to the roll: all the accepted ones, or none (a dry run, or a file with a refused row). */
  imported: number;
  /** The first ROLL_IMPORT_MAX_REPORTED refused rows, in file order, each with its sentence. */
  refused: (RefusedRollRow & { message: string })[];
  refusedCount: number;
  dryRun: boolean;
}
