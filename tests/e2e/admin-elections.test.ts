import { toEatInput } from '@client/pages/admin/elections/eat-time';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { confirmAsSecondAdmin, sharedAdminSession } from './helpers/admin';
import {
  chooseEmailSignUp,
  signInAfterSignUp,
  signUpForm,
  waitForPath,
  waitForSignedIn,
} from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const HOUR = 3_600_000;
const CANDIDATES = ['Hodan Abdi Nur', 'Yusuf Warsame Ali', 'Ilhan Osman Farah'] as const;

// The tests not about getting in share one signed-in, stepped-up admin session (the first test signs in through the
// form and meets the password dialog).
const asAdmin = sharedAdminSession();

/** Signs in on /admin/login, without a step-up: the test goes through the password dialog. */
async function adminSignIn(page: Page, next: string) {
  await visit(page, `/admin/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_ADMIN.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(page, next);
}

/** The "Confirm your password" dialog a high-value action opens without a recent step-up; the action then goes on. */
async function confirmPassword(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Creates an election asked to be Active, open from an hour ago for a day, with three candidates, through the
 * form: it is made a draft whose opening waits for a second System Admin, who confirms it on /admin/approvals.
 */
async function createElection(page: Page, title: string, { askedForPassword = false } = {}) {
  await page.getByRole('button', { name: 'Create Election' }).click();
  const form = page.getByRole('form', { name: 'Create Election' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);

  // docs/product.md#election-form: the form refuses a ballot without a named candidate, with its sentence.
  await form.getByRole('button', { name: 'Create Election' }).click();
  await form.getByText('Please add at least one candidate with a name').waitFor();

  await form.getByLabel('Description', { exact: true }).fill('An election created by the browser test.');
  await form.getByLabel('Start time').fill(toEatInput(new Date(Date.now() - HOUR)));
  await form.getByLabel('End time').fill(toEatInput(new Date(Date.now() + 24 * HOUR)));
  await form.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();

  for (const [index, name] of CANDIDATES.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Candidate' }).click();
    const row = form.getByRole('group', { name: `Candidate ${index + 1}`, exact: true });
    await row.getByLabel('Name').fill(name);
    await row.getByLabel('Party', { exact: true }).fill(`Party ${index + 1}`);
  }
  // A citizen who has just signed up votes in it: any signed-in account, not the default enrolled voters.
  await form.getByRole('radio', { name: 'Any signed-in account' }).check();
  await form.getByRole('button', { name: 'Create Election' }).click();
  // Without a recent step-up the server refuses; the dialog asks for the password and the form is sent again.
  if (askedForPassword) await confirmPassword(page);
  await page.getByText('Election created as a draft').first().waitFor();
  const waiting = page
    .getByRole('status')
    .filter({ hasText: `Opening “${title}” waits for a second System Admin` });
  await waiting.getByRole('link', { name: 'Open Approvals' }).waitFor();
  const card = page.getByRole('article', { name: title });
  await card.getByText('Draft', { exact: true }).waitFor();

  await confirmAsSecondAdmin(openPage, `Open “${title}” for voting`);
  await visit(page, '/admin/elections');
  await card.getByText('Active', { exact: true }).waitFor();
  await card.getByText('3 candidates · 0 votes').waitFor();
  return card;
}

async function signUpCitizen(page: Page) {
  const email = `e2e.voter.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@test.codka.example`;
  await visit(page, '/auth?tab=signup');
  const form = signUpForm(page);
  await form.getByRole('textbox', { name: 'Full Name' }).fill('Sahra Voter');
  await chooseEmailSignUp(form);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-42');
  await form.getByRole('textbox', { name: 'Confirm Password' }).fill('e2e-password-42');
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await signInAfterSignUp(page, { email, password: 'e2e-password-42' });
}

describe('admin elections', () => {
  it('creates an election a second System Admin opens, with three candidates, uploads a photo, and counts a citizen vote', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    testPage.allowResourceError(
      412,
      '/trpc/admin.elections.create',
      'refused until the password is confirmed',
    );
    const title = `Browser Test Election ${Date.now()}`;
    await adminSignIn(page, '/admin/elections');
    const card = await createElection(page, title, { askedForPassword: true });

    await card.getByRole('link', { name: `Candidates of ${title}` }).click();
    await page.waitForURL(/\/admin\/elections\/[0-9a-f-]{36}\/candidates$/);
    const electionId = new URL(page.url()).pathname.split('/')[3] ?? '';
    const ballot = page.getByRole('list', { name: 'Ballot' });
    for (const name of CANDIDATES) await ballot.getByRole('listitem', { name }).waitFor();

    // A photo for the first candidate: chosen, previewed, uploaded on save, re-encoded to webp.
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 110, b: 190 } },
    })
      .png()
      .toBuffer();
    await ballot.getByRole('button', { name: `Edit ${CANDIDATES[0]}` }).click();
    const editor = page.getByRole('form', { name: 'Edit Candidate' });
    await editor.locator('input[type="file"]').setInputFiles({
      name: 'candidate.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await editor.getByRole('img', { name: `Preview of the new image for ${CANDIDATES[0]}` }).waitFor();
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Candidate updated successfully').waitFor();
    const image = ballot.getByRole('listitem', { name: CANDIDATES[0] }).locator('img');
    await image.waitFor();
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/uploads\/candidates\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect((await sharp(await served.body()).metadata()).width).toBe(800);

    // A citizen who has just signed up votes on the public vote page.
    const citizen = await openPage();
    await signUpCitizen(citizen.page);
    await visit(citizen.page, `/vote/${electionId}`);
    // Until the session check answers, the server's page is a visitor's ballot, whose Submit would refuse.
    await waitForSignedIn(citizen.page);
    await citizen.page.getByRole('radio', { name: new RegExp(CANDIDATES[1]) }).click();
    await citizen.page.getByRole('button', { name: 'Submit Vote' }).click();
    await citizen.page.getByRole('button', { name: 'Confirm vote' }).click();
    await citizen.page.getByText('Your vote has been recorded successfully').waitFor();

    // The admin sees the vote while voters cannot see results yet (hide until close is the default).
    await page.getByRole('link', { name: 'View Results', exact: true }).click();
    await waitForPath(page, `/admin/elections/${electionId}/results`);
    await page.getByText('Voters cannot see these results yet').waitFor();
    expect(await page.getByTestId('total-votes').textContent()).toBe('1');
    const row = page.getByRole('row', { name: new RegExp(CANDIDATES[1]) });
    await row.waitFor();
    expect(await row.textContent()).toContain('100.0%');

    await page.getByRole('link', { name: 'Election Results', exact: true }).click();
    await waitForPath(page, '/admin/election-results');
    await page.getByRole('link', { name: `View results of ${title}` }).click();
    await waitForPath(page, `/admin/elections/${electionId}/results`);

    // With a vote cast the election cannot be deleted: the confirmation offers to archive it.
    await visit(page, '/admin/elections');
    const votedCard = page.getByRole('article', { name: title });
    await votedCard.getByText('3 candidates · 1 vote').waitFor();
    await votedCard.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive election?' });
    await dialog.getByText('has votes and cannot be deleted').waitFor();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Election archived successfully').waitFor();
    await votedCard.getByText('Archived', { exact: true }).waitFor();
  });

  it('adds and deletes a candidate (after confirming) and deletes an election without votes', async () => {
    const adminPage = await openPage();
    const { page } = adminPage;
    const title = `Deletable Election ${Date.now()}`;
    await asAdmin(adminPage, '/admin/elections');
    const card = await createElection(page, title);
    await card.getByRole('link', { name: `Candidates of ${title}` }).click();
    const ballot = page.getByRole('list', { name: 'Ballot' });
    await ballot.getByRole('listitem', { name: CANDIDATES[2] }).waitFor();

    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const editor = page.getByRole('form', { name: 'Add Candidate' });
    await editor.getByRole('button', { name: 'Add Candidate' }).click();
    await editor.getByText('Candidate name is required').waitFor();
    await editor.getByRole('textbox', { name: 'Name' }).fill('Farhan Said');
    await editor.getByRole('button', { name: 'Add Candidate' }).click();
    await page.getByText('Candidate created successfully').waitFor();
    const added = ballot.getByRole('listitem', { name: 'Farhan Said' });
    await added.getByText('Ballot number 4').waitFor();

    await added.getByRole('button', { name: 'Delete Farhan Said' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete candidate?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await added.getByRole('button', { name: 'Delete Farhan Said' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Candidate deleted successfully').waitFor();
    await added.waitFor({ state: 'detached' });

    await visit(page, '/admin/elections');
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete election?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Election deleted successfully').waitFor();
    await page.getByRole('article', { name: title }).waitFor({ state: 'detached' });
  });

  it('fits a 360 px phone: cards, the create form and a results page', async () => {
    const adminPage = await openPage('phone');
    const { page } = adminPage;
    await asAdmin(adminPage, '/admin/elections');
    await page.getByRole('article').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Create Election' }).click();
    await page.getByRole('form', { name: 'Create Election' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Create Election' }).waitFor({ state: 'detached' });
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Results of / })
      .click();
    await page.getByTestId('total-votes').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
