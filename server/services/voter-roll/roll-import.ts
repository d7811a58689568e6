import { createHash } from 'node:crypto';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import { ROLL_IMPORT_MAX_REPORTED, type RollImportReport } from '@shared/roll-import';
import type { Db } from '../../db/client';
import { messageText } from '../../errors/texts';
import { recordAudit } from '../audit';
import { dateOfBirthHash } from './date-of-birth';
import { readRollFile } from './roll-import-file';
import { checkRollRows, type RollEntry } from './roll-import-rows';

/**
 * Imports the commission's roll, all or nothing: every row is checked first, and only a file without a refused
 * row is written, in one transaction, with one audit row (counts and the file's SHA-256, never a name or a date).
 * Imported entries are the commission's own, so they are enrolled at once: the System Admin who imports is both
 * who entered and who approved them. A file that cannot be read at all throws a DomainError.
 */
export function importRoll(
  db: Db,
  bytes: Buffer,
  options: { adminId: string; dryRun: boolean; language: MessageLanguage; now?: Date },
): RollImportReport {
  const now = options.now ?? new Date();
  const file = readRollFile(bytes);
  // Checks and writes run in one synchronous stretch: no other request can add a card in between.
  const { entries, refused } = checkRollRows(db, file, now);
  const write = !options.dryRun && refused.length === 0;
  if (write) {
    writeEntries(db, entries, options.adminId, now, {
      rows: entries.length,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return {
    accepted: entries.length,
    imported: write ? entries.length : 0,
    refused: refused.slice(0, ROLL_IMPORT_MAX_REPORTED).map((row) => ({
      ...row,
      message: messageText({ key: row.reason.code, params: row.reason.params }, options.language),
    })),
    refusedCount: refused.length,
    dryRun: options.dryRun,
  };
}

/** One prepared INSERT reused for every row, inside one transaction: 100,000 rows take about a second. */
function writeEntries(
  db: Db,
  entries: RollEntry[],
  adminId: string,
  now: Date,
  audit: { rows: number; bytes: number; sha256: string },
) {
  const insert = db.$client.prepare(
    `INSERT INTO voters (id, voter_card_number, full_name, district_id, center_id, status, source,
       date_of_birth_hash, user_id, entered_by, reviewed_by, reviewed_at, status_reason, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, 'enrolled', 'import', ?, NULL, ?, ?, ?, NULL, ?, ?)`,
  );
  const at = now.getTime();
  db.transaction((tx) => {
    for (const entry of entries) {
      insert.run(
        crypto.randomUUID(),
        entry.voterCardNumber,
        entry.fullName,
        entry.districtId,
        dateOfBirthHash(db, entry.dateOfBirth),
        adminId,
        adminId,
        at,
        at,
        at,
      );
    }
    recordAudit(tx, {
      action: 'import',
      tableName: 'voters',
      recordId: null,
      newValues: audit,
      actorId: adminId,
    });
  });
}
