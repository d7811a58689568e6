import { ballotTracker, readArchive } from '@shared/belenios';
import { RECEIPT_PATTERN } from '@shared/receipts';
import { describe, expect, it } from 'vitest';
import { signIn } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { DEMO_TITLES } from './helpers/demo-elections';
import { setupE2E } from './helpers/suite';

const { openPage, origin } = setupE2E({
  ownServer: {
    because:
      'the demo citizen votes here, as in the two-command demo; the other files keep the demo citizen a ' +
      'non-voter on the shared server',
  },
});

// With every demo election for enrolled voters, the demo citizen (enrolled by the seed) still
// votes in each open election, the Banadir-only ones included, from a freshly seeded database: the verifiable one
// by encrypting her choice in the browser's worker with the credential Codka gives her.
describe('the two-command demo', () => {
  it('lets the demo citizen vote in each open election', { timeout: 120_000 }, async () => {
    const { page } = await openPage();
    await signIn(page, DEMO_CITIZEN);
    const toBallot = async (title: string) => {
      await visit(page, '/elections');
      await page
        .getByRole('article', { name: title })
        .getByRole('link', { name: /^Vote Now/ })
        .click();
      await page.waitForURL(/\/vote\/[0-9a-f-]{36}$/);
    };
    for (const title of [DEMO_TITLES.youthCouncil.en, DEMO_TITLES.presidential.en]) {
      await toBallot(title);
      await page.getByRole('radio').first().click();
      await page.getByRole('button', { name: 'Submit Vote' }).click();
      await page.getByRole('button', { name: 'Confirm vote' }).click();
      await page.getByText('Your vote has been recorded successfully').waitFor();
      expect((await page.getByTestId('receipt-id').textContent())?.trim(), title).toMatch(RECEIPT_PATTERN);
    }

    const title = DEMO_TITLES.verifiableOpen.en;
    await toBallot(title);
    const electionId = page.url().split('/').at(-1) ?? '';
    await page.getByRole('radio').first().click();
    const encrypt = page.getByRole('button', { name: 'Encrypt my choice' });
    await expect.poll(() => encrypt.isDisabled(), { timeout: 15_000 }).toBe(false);
    await encrypt.click();
    await page.getByRole('button', { name: 'Cast', exact: true }).click({ timeout: 30_000 });
    await page.getByRole('heading', { name: "Your ballot's tracker" }).waitFor({ timeout: 30_000 });
    const tracker = (await page.getByTestId('ballot-tracker').textContent())?.trim() ?? '';
    // Belenios' tracker: the ballot's SHA-256 in unpadded base64, and the ballot it names is in the archive.
    expect(tracker, title).toMatch(/^[A-Za-z0-9+/]{43}$/);
    const archive = await fetch(`${origin()}/api/v1/elections/${electionId}/archive.bel`);
    const ballots = readArchive(new Uint8Array(await archive.arrayBuffer())).ballots;
    expect(ballots.map((ballot) => ballotTracker(ballot))).toContain(tracker);
  });
});
