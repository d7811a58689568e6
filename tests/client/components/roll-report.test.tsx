import { RollReport } from '@client/pages/admin/voter-roll/RollReport';
import type { RollUploadAnswer } from '@client/pages/admin/voter-roll/roll-upload';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../render';

/** The dry run's summary of the roll import: each count takes its own plural form, in English and Somali. */
function dryRun(accepted: number, refusedCount: number): RollUploadAnswer {
  return {
    accepted,
    imported: 0,
    dryRun: true,
    refusedCount,
    refused: Array.from({ length: refusedCount }, (_, index) => ({
      row: index + 2,
      reason: { code: 'rollImport.cardMissing', params: {} },
    })),
  } as RollUploadAnswer;
}

async function summary(report: RollUploadAnswer, language: 'en' | 'so' = 'en') {
  await renderWithApp(<RollReport report={report} />, { language, namespaces: ['admin'] });
  return (await screen.findByRole('alert')).textContent;
}

describe('the roll import report', () => {
  it.each([
    [1, 1, '1 row is fine and 1 is refused. Correct the refused rows before importing.'],
    [2, 3, '2 rows are fine and 3 are refused. Correct the refused rows before importing.'],
    [1, 2, '1 row is fine and 2 are refused. Correct the refused rows before importing.'],
    [1200, 1, '1,200 rows are fine and 1 is refused. Correct the refused rows before importing.'],
  ])('says %i fine and %i refused in English', async (accepted, refused, sentence) => {
    expect(await summary(dryRun(accepted, refused))).toBe(sentence);
  });

  it('says it in Somali', async () => {
    expect(await summary(dryRun(1, 1), 'so')).toBe(
      '1 saf waa sax, 1 waa la diiday. Sax safafka la diiday ka hor intaadan soo gelin.',
    );
  });
});
