import enAdmin from '@client/i18n/locales/en/admin.json';
import enElections from '@client/i18n/locales/en/adminElections.json';
import enPolls from '@client/i18n/locales/en/adminPolls.json';
import soAdmin from '@client/i18n/locales/so/admin.json';
import soElections from '@client/i18n/locales/so/adminElections.json';
import soPolls from '@client/i18n/locales/so/adminPolls.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, confirmAsSecondAdmin, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createDrafts } from './helpers/roll-db';
import { expectNoEnglish } from './helpers/somali';
import { setupE2E } from './helpers/suite';

const { openPage, databasePath } = setupE2E();

const TEXTS = {
  en: { admin: enAdmin, elections: enElections, polls: enPolls },
  so: { admin: soAdmin, elections: soElections, polls: soPolls },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The page's content within its column (the header's own fit at desktop widths is the header test's). */
async function fits(page: Page, phone: boolean) {
  expect(
    await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth),
  ).toBeLessThanOrEqual(0);
  if (phone) expect(await horizontalOverflow(page)).toBe(0);
}

describe.each([
  ['so', 'phone'],
  ['en', 'desktop'],
] as const)('two System Admins open an election and publish a poll (%s, %s)', (language, viewport) => {
  const text = TEXTS[language];

  it('shows what waits, lists it on Approvals, and does it once a second admin confirms', async () => {
    const title = `Two people ${language} ${Date.now().toString(36)}`;
    const { pollId } = createDrafts(databasePath(), title);
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    const phone = viewport === 'phone';

    // The poll: Publish waits, and its place says so with the way to Approvals.
    await visit(page, `/admin/polls/${pollId}`);
    await page
      .getByRole('button', { name: fill(text.polls.status.publishOf, { title: `${title} poll` }) })
      .click();
    await toast(page, text.polls.status.publishAsked).waitFor();
    await page.getByRole('link', { name: text.polls.status.waitingApproval }).waitFor();
    await fits(page, phone);

    // The election: set Active in its form; the page says the opening waits.
    await visit(page, '/admin/elections');
    await page.getByRole('button', { name: fill(text.elections.card.edit, { title }) }).click();
    const form = page.getByRole('form', { name: text.elections.form.editTitle });
    await choose(page, form, text.elections.form.status, text.elections.status.Active);
    await form.getByRole('button', { name: text.elections.saveChanges }).click();
    // The toast comes with the notifications' code, loaded on the first one: waited for, so it can be waited out.
    await toast(page, text.elections.form.waitingSaved).waitFor();
    const waiting = page
      .getByRole('status')
      .filter({ hasText: fill(text.elections.form.openWaiting, { title }) });
    await waiting.getByText(text.admin.approvals.waitsForSecond).waitFor();
    await fits(page, phone);
    expect(await axeViolations(page)).toEqual([]);

    // Approvals lists both, as the asker's own requests (no Confirm for them).
    await waiting.getByRole('link', { name: text.admin.approvals.openApprovals }).click();
    await page.getByRole('heading', { name: text.admin.approvals.title, level: 1 }).waitFor();
    const opening = page.getByRole('article').filter({
      hasText: fill(text.admin.approvals.electionOpen.summary, { title }),
    });
    await opening.getByRole('heading', { name: text.admin.approvals.electionOpen.title }).waitFor();
    await opening.getByText(text.admin.approvals.results.atClose).waitFor();
    await opening.getByText(text.admin.approvals.ownRequest).waitFor();
    const publishing = page.getByRole('article').filter({
      hasText: fill(text.admin.approvals.pollPublish.summary, { title: `${title} poll` }),
    });
    await publishing.getByRole('heading', { name: text.admin.approvals.pollPublish.title }).waitFor();
    expect(await publishing.getByRole('button', { name: text.admin.approvals.confirm }).count()).toBe(0);
    await fits(page, phone);
    expect(await axeViolations(page)).toEqual([]);
    if (language === 'so')
      await expectNoEnglish(page, ['Opening an election', 'Publishing a poll', 'Waiting']);

    // The second demo admin confirms both; the election is then Active and the poll open.
    await confirmAsSecondAdmin(openPage, `${title}” for voting`);
    await confirmAsSecondAdmin(openPage, `${title} poll”`);
    await visit(page, '/admin/elections');
    await page
      .getByRole('article', { name: title })
      .getByText(text.elections.status.Active, { exact: true })
      .waitFor();
    await visit(page, `/admin/polls/${pollId}`);
    await page
      .getByRole('button', { name: fill(text.polls.status.closeOf, { title: `${title} poll` }) })
      .waitFor();
  });
});
