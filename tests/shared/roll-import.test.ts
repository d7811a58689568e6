import { dateOfBirthProblem, isFormulaCell, rollImportColumn } from '@shared/roll-import';
import { describe, expect, it } from 'vitest';

const today = new Date(Date.UTC(2026, 10, 25, 12));

describe('dateOfBirthProblem', () => {
  it('takes only real dates written YYYY-MM-DD', () => {
    expect(dateOfBirthProblem('1990-04-17', today)).toBeNull();
    expect(dateOfBirthProblem('2000-02-29', today)).toBeNull();
    for (const value of [
      '1990-4-17',
      '17/04/1990',
      '1990/04/17',
      '19900417',
      ' 1990-04-17',
      '1990-02-29',
      '1990-13-01',
      '1990-00-10',
      '1990-04-31',
      '',
    ]) {
      expect(dateOfBirthProblem(value, today), value).toBe('dateInvalid');
    }
  });

  it('counts 18 years to the day, and refuses the future and more than 130 years', () => {
    expect(dateOfBirthProblem('2008-11-25', today)).toBeNull();
    expect(dateOfBirthProblem('2008-11-26', today)).toBe('tooYoung');
    expect(dateOfBirthProblem('2026-11-25', today)).toBe('tooYoung');
    expect(dateOfBirthProblem('2026-11-26', today)).toBe('dateAbsurd');
    expect(dateOfBirthProblem('1896-11-25', today)).toBeNull();
    expect(dateOfBirthProblem('1895-11-25', today)).toBe('dateAbsurd');
  });
});

describe('rollImportColumn and isFormulaCell', () => {
  it('reads the header names in any case, with spaces or dashes', () => {
    expect(rollImportColumn(' Voter card number ')).toBe('voter_card_number');
    expect(rollImportColumn('DATE-OF-BIRTH')).toBe('date_of_birth');
    expect(rollImportColumn('district')).toBeNull();
  });

  it('knows the cells a spreadsheet would run', () => {
    for (const cell of ['=1+1', '+252', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(isFormulaCell(cell), cell).toBe(true);
    for (const cell of ['Hodan', 'SO-1', '1990-01-01', ' =1', ''])
      expect(isFormulaCell(cell), cell).toBe(false);
  });
});
