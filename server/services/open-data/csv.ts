import { isFormulaCell } from '@shared/roll-import';
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | boolean | null;

/**
 * A text cell a spreadsheet would run as a formula (the rule of the poll votes export and the roll import,
 * also after leading spaces, which some spreadsheets skip) gets a leading apostrophe: a candidate named
 * `=HYPERLINK(...)` stays text on a journalist's computer. Numbers are written as numbers: "-1.5" is a
 * longitude, not a formula, and is never a string here.
 */
function safeCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  return isFormulaCell(value) || isFormulaCell(value.trimStart()) ? `'${value}` : value;
}

/** UTF-8 with a byte-order mark (Excel then reads Somali names right), CRLF lines, a header line. */
export function datasetCsv(columns: string[], rows: Cell[][]): string {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    { header: true, columns, bom: true, record_delimiter: 'windows' },
  );
}
