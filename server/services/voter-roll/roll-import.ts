import { createHash } from 'node:crypto';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import { ROLL_IMPORT_MAX_REPORTED, type RollImportReport } from '@shared/roll-import';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors/domain-error';
import { messageText } from '../../errors/texts';
import { recordAudit } from '../audit';
import { dateOfBirthHash } from './date-of-birth';
import { readRollFile } from './roll-import-file';
import { checkRollRows, type RollEntry } from './roll-import-rows';

/**
 * Checks the commission's roll against the roll as it is now and reports every refused row; it writes nothing.
 * A file without a refused row waits for a second System Admin (services/approvals), who writes it with
 * `applyConfirmedRoll`: all or nothing, in one transaction, with one audit row (counts and the file's SHA-256,
 * never a name or a date). A file that cannot be read at all throws a DomainError.
 */
export function checkRollImport(
  db: Db,
  bytes: Buffer,
  options: { dryRun: boolean; language: MessageLanguage; now?: Date },
): { report: RollImportReport; rows: number } {
  const file = readRollFile(bytes);
  const { entries, refused } = checkRollRows(db, file, options.now ?? new Date());
  const report = {
    accepted: entries.length,
    imported: 0,
    refused: refused.slice(0, ROLL_IMPORT_MAX_REPORTED).map((row) => ({
      ...row,
      message: messageText({ key: row.reason.code, params: row.reason.params }, options.language),
    })),
    refusedCount: refused.length,
    dryRun: options.dryRun,
  };
  return { report, rows: entries.length };
}

/** What the audit row and the approvals list say of a file: its size, rows and digest, never its content. */
export function rollFileFacts(bytes: Buffer, rows: number) {
  return {
    rows,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * Writes a file a second System Admin confirmed: read and checked again against the roll as it is now, and
 * written all or nothing, in one transaction with its audit row. Imported entries are the commission's own, so
 * they are enrolled at once: the System Admin who sent the file entered them and the one who confirmed
 * reviewed them. A row that no longer passes (a card enrolled since, a district deleted) refuses the whole file.
 */
export function applyConfirmedRoll(
  db: Db,
  bytes: Buffer,
  people: { enteredBy: string | null; reviewedBy: string },
  now = new Date(),
) {
  const { entries, refused } = checkRollRows(db, readRollFile(bytes), now);
  if (refused.length > 0) throw new DomainError('approval.rollNoLongerApplies', { count: refused.length });
  const facts = rollFileFacts(bytes, entries.length);
  writeEntries(db, entries, people, now, { ...facts, requestedBy: people.enteredBy });
  return facts;
}

/**
 * Rows written a statement at a time: the roll's name index (FTS5) writes out what it has gathered at the end of
 * every statement, so one row a statement would cost it a write per row, four times the row's own.
 */
const ROWS_A_STATEMENT = 100;

/** Prepared INSERTs of 100 rows reused for the whole file, inside one transaction: 100,000 rows take about a second. */
function writeEntries(
  db: Db,
  entries: RollEntry[],
  people: { enteredBy: string | null; reviewedBy: string },
  now: Date,
  audit: { rows: number; bytes: number; sha256: string; requestedBy?: string | null },
) {
  const insertOf = (rows: number) =>
    db.$client.prepare(
      `INSERT INTO voters (id, voter_card_number, full_name, district_id, center_id, status, source,
         date_of_birth_hash, user_id, entered_by, reviewed_by, reviewed_at, status_reason, created_at, updated_at)
       VALUES ${Array(rows).fill("(?, ?, ?, ?, NULL, 'enrolled', 'import', ?, NULL, ?, ?, ?, NULL, ?, ?)").join(', ')}`,
    );
  const full = insertOf(ROWS_A_STATEMENT);
  const at = now.getTime();
  // A roll has far fewer dates of birth than voters (at most some 47,000 days in 130 years): each is hashed once.
  const hashes = new Map<string, string>();
  const hashOf = (date: string) => {
    let hash = hashes.get(date);
    if (hash === undefined) {
      hash = dateOfBirthHash(db, date);
      hashes.set(date, hash);
    }
    return hash;
  };
  const values = (entry: RollEntry) => [
    crypto.randomUUID(),
    entry.voterCardNumber,
    entry.fullName,
    entry.districtId,
    hashOf(entry.dateOfBirth),
    people.enteredBy,
    people.reviewedBy,
    at,
    at,
    at,
  ];
  db.transaction((tx) => {
    for (let start = 0; start < entries.length; start += ROWS_A_STATEMENT) {
      const chunk = entries.slice(start, start + ROWS_A_STATEMENT);
      const insert = chunk.length === ROWS_A_STATEMENT ? full : insertOf(chunk.length);
      insert.run(chunk.flatMap(values));
    }
    recordAudit(tx, {
      action: 'import',
      tableName: 'voters',
      recordId: null,
      newValues: audit,
      actorId: people.reviewedBy,
    });
  });
}
