import { RECEIPT_PATTERN } from '@shared/receipts';
import { describe, expect, it } from 'vitest';
import { signIn } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { DEMO_TITLES } from './helpers/demo-elections';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E({
  ownServer: {
    because:
      'the demo citizen votes here, as in the two-command demo; the other files keep the demo citizen a ' +
      'non-voter on the shared server',
  },
});

// With every demo election for enrolled voters, the demo citizen (enrolled by the seed) still
// votes in both open elections, the Banadir-only one included, from a freshly seeded database.
describe('the two-command demo', () => {
  it('lets the demo citizen vote in each open election', async () => {
    const { page } = await openPage();
    await signIn(page, DEMO_CITIZEN);
    for (const title of [DEMO_TITLES.youthCouncil.en, DEMO_TITLES.presidential.en]) {
      await visit(page, '/elections');
      await page
        .getByRole('article', { name: title })
        .getByRole('link', { name: /^Vote Now/ })
        .click();
      await page.waitForURL(/\/vote\/[0-9a-f-]{36}$/);
      await page.getByRole('radio').first().click();
      await page.getByRole('button', { name: 'Submit Vote' }).click();
      await page.getByRole('button', { name: 'Confirm vote' }).click();
      await page.getByText('Your vote has been recorded successfully').waitFor();
      expect((await page.getByTestId('receipt-id').textContent())?.trim(), title).toMatch(RECEIPT_PATTERN);
    }
  });
});
