import {
  ROLL_IMPORT_COLUMNS,
  ROLL_IMPORT_MAX_RECORD_BYTES,
  ROLL_IMPORT_MAX_ROWS,
  type RollImportColumn,
  rollImportColumn,
} from '@shared/roll-import';
import { CsvError, parse } from 'csv-parse/sync';
import { DomainError } from '../../errors/domain-error';

/** One data row of the file: its line (as a text editor or a spreadsheet numbers it) and its cells by column. */
export interface RollFileRow {
  row: number;
  cells: string[];
}

export interface RollFile {
  /** Where each column sits in a row (the header may give them in any order). */
  columns: Record<RollImportColumn, number>;
  rows: RollFileRow[];
}

/**
 * Reads the bytes of an uploaded roll: UTF-8 text (a byte-order mark is allowed), CSV with a header naming the
 * four columns. Any file it cannot read as a whole is one sentence (a DomainError): an empty file, a binary
 * file, text in another encoding, broken quotes, a missing or wrong header, too many rows. Rows with the wrong
 * number of cells are kept, for the row checks to refuse by line. Lines that are blank, or hold only empty cells
 * (what spreadsheets write after the last row), are skipped.
 */
export function readRollFile(bytes: Buffer): RollFile {
  const text = decodeText(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  // csv-parse names the line where it gave up (for a quote never closed, the file's last): the record it
  // could not read starts after the last one it did.
  let lastLine = 0;
  try {
    // With `info`, each record comes as { record, info } (the types only know plain rows).
    records = parse(text, {
      bom: true,
      info: true,
      // Every row is checked for its number of cells, so a short row is refused by line, not the whole file.
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      max_record_size: ROLL_IMPORT_MAX_RECORD_BYTES,
      // One more than allowed (plus the header) is enough to know the file is too long.
      to: ROLL_IMPORT_MAX_ROWS + 2,
      on_record: (record: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return record;
      },
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError('rollImport.malformed', { line: lastLine + 1 });
    throw error;
  }
  const nonBlank = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = nonBlank;
  if (!header) throw new DomainError('rollImport.empty');
  const columns = headerColumns(header.record);
  if (data.length === 0) throw new DomainError('rollImport.noRows');
  if (data.length > ROLL_IMPORT_MAX_ROWS) {
    throw new DomainError('rollImport.tooManyRows', { max: ROLL_IMPORT_MAX_ROWS });
  }
  return { columns, rows: data.map(({ record, info }) => ({ row: info.lines, cells: record })) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) throw new DomainError('rollImport.empty');
  // A NUL byte never occurs in a text file: this is a spreadsheet's own format, an image, an archive...
  if (bytes.includes(0)) throw new DomainError('rollImport.notText');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new DomainError('rollImport.notUtf8');
  }
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new DomainError('rollImport.empty');
  return text;
}

const EXPECTED_HEADER = ROLL_IMPORT_COLUMNS.join(',');

function headerColumns(header: string[]): Record<RollImportColumn, number> {
  const found = new Map<RollImportColumn, number>();
  header.forEach((cell, index) => {
    const column = rollImportColumn(cell);
    if (column && !found.has(column)) found.set(column, index);
  });
  // Exactly the four names, each once, nothing else: a fifth column would be data the import drops unseen.
  if (header.length !== ROLL_IMPORT_COLUMNS.length || found.size !== ROLL_IMPORT_COLUMNS.length) {
    throw new DomainError('rollImport.header', { columns: EXPECTED_HEADER });
  }
  return Object.fromEntries(found) as Record<RollImportColumn, number>;
}
