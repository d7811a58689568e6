import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { closeDb, createDb } from '@server/db/client';
import { votes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visit } from './helpers/browser';
import { setupE2E } from './helpers/suite';

const { openPage, origin, databasePath } = setupE2E();

const BY_ELECTION = 'Hirshabelle State Assembly By-election';

/** One receipt of the election's ballot box, as its voter holds it (read from the server's database). */
function aReceiptOf(electionId: string): string {
  const db = createDb(databasePath());
  try {
    const vote = db
      .select({ receiptId: votes.receiptId })
      .from(votes)
      .where(eq(votes.electionId, electionId))
      .get();
    if (!vote) throw new Error('the demo by-election has no votes');
    return vote.receiptId;
  } finally {
    closeDb(db);
  }
}

describe('the election record', () => {
  it('shows the closed election’s root, serves the file the script recomputes, and finds a voter’s receipt in it', async () => {
    const { page } = await openPage();
    await visit(page, '/verified-results');
    await page
      .getByRole('article', { name: BY_ELECTION })
      .getByRole('link', { name: 'Full results' })
      .click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() ?? '';
    const root = (await page.getByTestId('election-record-root').textContent())?.trim() ?? '';
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText('20 entries', { exact: false }).waitFor();
    const download = page.getByRole('link', { name: 'Download the record (JSON)' });
    expect(await download.getAttribute('href')).toBe(`/api/v1/elections/${id}/record`);

    const file = await fetch(`${origin()}/api/v1/elections/${id}/record`);
    expect(file.status).toBe(200);
    const body = await file.text();
    expect(JSON.parse(body)).toMatchObject({ root, votesCast: 20 });
    const receipt = aReceiptOf(id);
    const checked = execFileSync(
      process.execPath,
      [resolve('scripts/verify-election-record.mjs'), '-', receipt],
      {
        input: body,
        encoding: 'utf8',
      },
    );
    expect(checked).toContain(`OK: 20 entries, totals add up, root ${root}`);

    await visit(page, `/verify?receipt=${receipt}`);
    const inRecord = page.getByTestId('receipt-in-record');
    await inRecord.waitFor();
    expect(await inRecord.textContent()).toContain('Its fingerprint is in the record of this election');
    expect(await inRecord.textContent()).toContain(root);
  });
});
