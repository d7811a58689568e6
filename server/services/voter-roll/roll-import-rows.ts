import type { ErrorCode, MessageParams } from '@shared/errors';
import {
  dateOfBirthProblem,
  isFormulaCell,
  type RefusedRollRow,
  ROLL_IMPORT_COLUMNS,
  VOTER_FULL_NAME_MAX,
} from '@shared/roll-import';
import { canonicalVoterCardNumber, VOTER_CARD_PATTERN } from '@shared/voter-roll';
import type { Db } from '../../db/client';
import { cardsHeldByCollisions } from './card-collisions';
import type { RollFile } from './roll-import-file';

/** A row that passed every check, ready to be written. */
export interface RollEntry {
  voterCardNumber: string;
  fullName: string;
  dateOfBirth: string;
  districtId: string;
}

export type RefusedRow = RefusedRollRow;

/**
 * Checks every row of a read roll file against the roll as it is now: the card number's format, the name, the
 * date of birth (a real date, 18 to 130 years old), the district code, no formula and no control character in
 * any cell, no card twice in the file, no card already on the roll. Each refused row gets its first reason.
 */
export function checkRollRows(db: Db, file: RollFile, today = new Date()) {
  const districtIds = new Map(
    (db.$client.prepare('SELECT code, id FROM districts').all() as { code: string; id: string }[]).map(
      (district) => [district.code.toUpperCase(), district.id],
    ),
  );
  // Cards are stored canonical, and a rejected entry does not hold its card (voters_card_live_unique).
  const onRoll = new Set([
    ...(db.$client
      .prepare("SELECT voter_card_number FROM voters WHERE status <> 'rejected'")
      .pluck()
      .all() as string[]),
    ...cardsHeldByCollisions(db),
  ]);
  const firstRowOfCard = new Map<string, number>();
  const entries: RollEntry[] = [];
  const refused: RefusedRow[] = [];
  const at = file.columns;

  for (const { row, cells } of file.rows) {
    const refuse = (code: ErrorCode, params: MessageParams = {}, voterCardNumber?: string) => {
      refused.push({ row, ...(voterCardNumber ? { voterCardNumber } : {}), reason: { code, params } });
    };
    if (cells.length !== ROLL_IMPORT_COLUMNS.length) {
      refuse('rollImport.columnCount', { expected: ROLL_IMPORT_COLUMNS.length, found: cells.length });
      continue;
    }
    // Checked as sent and as it would be stored (trimmed): ' =cmd' must not become '=cmd' on the roll.
    const formulaAt = cells.findIndex((cell) => isFormulaCell(cell) || isFormulaCell(cell.trim()));
    if (formulaAt >= 0) {
      refuse('rollImport.formula', { column: columnName(file, formulaAt) });
      continue;
    }
    const controlAt = cells.findIndex((cell) => /\p{Cc}/u.test(cell));
    if (controlAt >= 0) {
      refuse('rollImport.controlCharacter', { column: columnName(file, controlAt) });
      continue;
    }
    const card = canonicalVoterCardNumber(cells[at.voter_card_number] ?? '');
    const fullName = (cells[at.full_name] ?? '').trim().replace(/\s+/g, ' ');
    const dateOfBirth = (cells[at.date_of_birth] ?? '').trim();
    const districtCode = (cells[at.district_code] ?? '').trim().toUpperCase();
    if (card === '') {
      refuse('rollImport.cardMissing');
      continue;
    }
    if (!VOTER_CARD_PATTERN.test(card)) {
      refuse('rollImport.cardInvalid');
      continue;
    }
    const problem = rowProblem(fullName, dateOfBirth, districtCode, districtIds, today);
    if (problem) {
      refuse(problem.code, problem.params, card);
      continue;
    }
    const firstRow = firstRowOfCard.get(card);
    if (firstRow !== undefined) {
      refuse('rollImport.duplicateInFile', { firstRow }, card);
      continue;
    }
    firstRowOfCard.set(card, row);
    if (onRoll.has(card)) {
      refuse('rollImport.alreadyOnRoll', {}, card);
      continue;
    }
    entries.push({
      voterCardNumber: card,
      fullName,
      dateOfBirth,
      districtId: districtIds.get(districtCode) ?? '',
    });
  }
  return { entries, refused };
}

function rowProblem(
  fullName: string,
  dateOfBirth: string,
  districtCode: string,
  districtIds: Map<string, string>,
  today: Date,
): { code: ErrorCode; params?: MessageParams } | null {
  if (fullName === '') return { code: 'rollImport.nameMissing' };
  if (fullName.length > VOTER_FULL_NAME_MAX) {
    return { code: 'rollImport.nameTooLong', params: { max: VOTER_FULL_NAME_MAX } };
  }
  const dateProblem = dateOfBirthProblem(dateOfBirth, today);
  if (dateProblem) return { code: `rollImport.${dateProblem}` };
  if (districtCode === '') return { code: 'rollImport.districtMissing' };
  if (!districtIds.has(districtCode)) {
    // The code was checked for formulas and control characters; a long one is cut so the report stays short.
    return { code: 'rollImport.districtUnknown', params: { code: districtCode.slice(0, 30) } };
  }
  return null;
}

function columnName(file: RollFile, index: number): string {
  return ROLL_IMPORT_COLUMNS.find((column) => file.columns[column] === index) ?? String(index + 1);
}
