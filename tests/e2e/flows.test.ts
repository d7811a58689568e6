import enAccount from '@client/i18n/locales/en/account.json';
import enAuth from '@client/i18n/locales/en/auth.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enElections from '@client/i18n/locales/en/elections.json';
import enPolls from '@client/i18n/locales/en/polls.json';
import enStaff from '@client/i18n/locales/en/staff.json';
import soAccount from '@client/i18n/locales/so/account.json';
import soAuth from '@client/i18n/locales/so/auth.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soElections from '@client/i18n/locales/so/elections.json';
import soPolls from '@client/i18n/locales/so/polls.json';
import soStaff from '@client/i18n/locales/so/staff.json';
import { generateSecureRandomString, hashSecret } from '@server/auth/tokens';
import { closeDb, createDb } from '@server/db/client';
import { emailVerifications, users } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { readMessage } from '@shared/i18n/error-messages';
import { ENROLLMENT_CODE_INVALID } from '@shared/schemas/voter-roll';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll } from './helpers/admin';
import { chooseEmailSignUp, signInThroughApi, waitForSignedIn } from './helpers/auth';
import { axeViolations } from './helpers/axe';
import { pathOf, type ViewportName, visit } from './helpers/browser';
import { DEMO_REGISTRAR } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { createBallots } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

/**
 * Flows that finish cleanly, in English on a desktop and in Somali on a phone: sign-up ends on what to do next;
 * the enrollment code stays on
 * /account after a reload; a vote (election or poll) is confirmed, naming the choice, before it is cast; /verify
 * reads a receipt in any case and drops its last answer when a new receipt is refused; a confirmation link opened
 * again says the address is already confirmed; the registrar hears which characters a code may hold.
 */
const { openPage, origin, databasePath } = setupE2E();

const LANGUAGES = [
  {
    language: 'en',
    viewport: 'desktop',
    account: enAccount,
    common: enCommon,
    auth: enAuth,
    elections: enElections,
    polls: enPolls,
    staff: enStaff,
  },
  {
    language: 'so',
    viewport: 'phone',
    account: soAccount,
    common: soCommon,
    auth: soAuth,
    elections: soElections,
    polls: soPolls,
    staff: soStaff,
  },
] as const;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * A confirmation link for the account's address, written as sendVerificationEmail writes one (the shared
 * server's mail goes to its log, which this file cannot read): the id and the secret, only its hash stored.
 */
function confirmationLink(email: string): string {
  const db = createDb(databasePath());
  try {
    const user = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (!user) throw new Error(`no account ${email}`);
    const id = generateSecureRandomString();
    const secret = generateSecureRandomString();
    db.insert(emailVerifications)
      .values({
        id,
        userId: user.id,
        email,
        secretHash: hashSecret(secret),
        expiresAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(),
      })
      .run();
    return `/verify-email?token=${id}.${secret}`;
  } finally {
    closeDb(db);
  }
}

describe.each(LANGUAGES)('flows that finish cleanly ($language, $viewport)', (setup) => {
  const { language } = setup;
  const viewport = setup.viewport as ViewportName;

  it('replaces the sign-up form by what to do next: check the e-mail, then sign in', async () => {
    const { page } = await openPage(viewport, { language });
    await visit(page, '/auth?tab=signup');
    const texts = setup.auth;
    const form = page.getByRole('form', { name: texts.signUp.form });
    await chooseEmailSignUp(form, { group: texts.signUp.method, email: texts.signUp.withEmail });
    await form.getByRole('textbox', { name: texts.fields.fullName }).fill('Hodan Cali');
    await form
      .getByRole('textbox', { name: texts.fields.email, exact: true })
      .fill(`e2e.signup.${unique()}@test.codka.example`);
    await form.getByRole('textbox', { name: texts.fields.password, exact: true }).fill('e2e-password-42');
    await form.getByRole('textbox', { name: texts.fields.confirmPassword }).fill('e2e-password-42');
    await form.getByRole('button', { name: texts.signUp.submit, exact: true }).click();

    const main = page.getByRole('main');
    await main.getByText(texts.signUp.created, { exact: true }).waitFor();
    await main.getByText(texts.signUp.nextStep, { exact: true }).waitFor();
    expect(await page.getByRole('form', { name: texts.signUp.form }).count()).toBe(0);
    await expectAxeClean(page);
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
    await main.getByRole('link', { name: texts.signUp.goSignIn, exact: true }).click();
    await page.getByRole('form', { name: texts.signIn.form }).waitFor();
  });

  it('keeps the enrollment code on /account after a reload, until a new one replaces it', async () => {
    const citizen = await createCitizen(origin(), { label: `code-${language}` });
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, citizen);
    await visit(page, '/account');
    const section = page.getByRole('region', { name: setup.account.roll.title });
    await section.getByRole('button', { name: setup.account.roll.getCode }).click();
    const shown = section.getByTestId('enrollment-code');
    await shown.waitFor();
    const code = await shown.innerText();
    const expiry = await section.getByTestId('enrollment-code-expiry').innerText();

    await page.reload();
    await shown.waitFor();
    expect(await shown.innerText()).toBe(code);
    expect(await section.getByTestId('enrollment-code-expiry').innerText()).toBe(expiry);
    expect(await section.getByRole('button', { name: setup.account.roll.getCode }).count()).toBe(0);
    await expectAxeClean(page);
    if (viewport === 'phone') await expectNoHorizontalScroll(page);

    // Asking again replaces it, and the new one is the one shown after the next reload.
    await section.getByRole('button', { name: setup.account.roll.codeAgain }).click();
    await expect.poll(() => shown.innerText()).not.toBe(code);
    const replaced = await shown.innerText();
    await page.reload();
    await shown.waitFor();
    expect(await shown.innerText()).toBe(replaced);
  });

  it('asks to confirm an election vote, naming the candidate, with Back to choose again', async () => {
    const title = `Confirm ${language} ${unique()}`;
    const { electionId } = createBallots(databasePath(), {
      title,
      eligibility: 'signedIn',
      pollEligibility: 'signedIn',
    });
    const citizen = await createCitizen(origin(), { label: `confirm-${language}` });
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, citizen);
    await visit(page, `/vote/${electionId}`);
    await waitForSignedIn(page, setup.common.nav.signOut);
    const main = page.getByRole('main');
    const texts = setup.elections.vote;
    const confirm = setup.common.confirmVote;

    await main.getByRole('radio', { name: /Hodan Warsame/ }).click();
    await main.getByRole('button', { name: texts.submit }).click();
    const step = main.getByRole('form', { name: confirm.form });
    await step.getByText(fill(confirm.choice, { name: 'Hodan Warsame' }), { exact: true }).waitFor();
    await step.getByText(confirm.warning, { exact: true }).waitFor();
    expect(await main.getByRole('radio').count()).toBe(0);
    await expectAxeClean(page);
    if (viewport === 'phone') await expectNoHorizontalScroll(page);

    await step.getByRole('button', { name: confirm.back, exact: true }).click();
    await main.getByRole('radio', { name: /Cabdi Xasan/ }).click();
    await main.getByRole('button', { name: texts.submit }).click();
    await step.getByText(fill(confirm.choice, { name: 'Cabdi Xasan' }), { exact: true }).waitFor();
    await step.getByRole('button', { name: confirm.confirm, exact: true }).click();
    const receipt = page.getByTestId('receipt-id');
    await receipt.waitFor();
    expect((await receipt.innerText()).trim()).toMatch(/^V\d{13}-[a-z0-9]{9}$/);
  });

  it('asks to confirm a poll vote, naming the candidate, before casting it', async () => {
    const title = `Poll confirm ${language} ${unique()}`;
    const { pollId } = createBallots(databasePath(), {
      title,
      eligibility: 'signedIn',
      pollEligibility: 'signedIn',
    });
    const citizen = await createCitizen(origin(), { label: `poll-confirm-${language}` });
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, citizen);
    await visit(page, `/vote/${pollId}`);
    const main = page.getByRole('main');
    const texts = setup.polls.ballot;
    const confirm = setup.common.confirmVote;

    await main.getByRole('radio', { name: /Cabdi Xasan/ }).click();
    await main.getByRole('button', { name: texts.submit }).click();
    const step = main.getByRole('form', { name: confirm.form });
    await step.getByText(fill(confirm.choice, { name: 'Cabdi Xasan' }), { exact: true }).waitFor();
    await step.getByText(confirm.warning, { exact: true }).waitFor();
    await expectAxeClean(page);
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
    await step.getByRole('button', { name: confirm.confirm, exact: true }).click();
    await page.getByText(texts.submittedBody, { exact: true }).first().waitFor();
    expect(await main.getByRole('form', { name: confirm.form }).count()).toBe(0);
  });

  it('checks a receipt in any case and with spaces, and drops the last answer when a new one is refused', async () => {
    const title = `Verify ${language} ${unique()}`;
    const { electionId } = createBallots(databasePath(), {
      title,
      eligibility: 'signedIn',
      pollEligibility: 'signedIn',
    });
    const citizen = await createCitizen(origin(), { label: `verify-${language}` });
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, citizen);
    await visit(page, `/vote/${electionId}`);
    await waitForSignedIn(page, setup.common.nav.signOut);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: /Hodan Warsame/ }).click();
    await main.getByRole('button', { name: setup.elections.vote.submit }).click();
    await main.getByRole('button', { name: setup.common.confirmVote.confirm, exact: true }).click();
    const receipt = (await page.getByTestId('receipt-id').innerText()).trim();

    // In capitals, as someone may copy it by hand.
    await visit(page, `/verify?receipt=${encodeURIComponent(receipt.toUpperCase())}`);
    const found = main.getByRole('status').filter({ hasText: title });
    await found.waitFor();
    expect(await found.innerText()).toContain(receipt);

    const form = main.getByRole('form', { name: setup.elections.verify.form });
    const field = form.getByRole('textbox', { name: setup.elections.verify.receiptId });
    await field.fill('not a receipt');
    await form.getByRole('button', { name: setup.elections.verify.submit }).click();
    await expect.poll(() => found.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('receipt')).toBe(false);
    await expectAxeClean(page);

    // Pasted with spaces around it, in small letters: found, and said back in its own form.
    await field.fill(`  ${receipt.toLowerCase()}  `);
    await form.getByRole('button', { name: setup.elections.verify.submit }).click();
    await found.waitFor();
    expect(pathOf(page)).toBe(`/verify?receipt=${receipt}`);
    expect(await field.inputValue()).toBe(receipt);
  });

  it('says a confirmation link opened again is already confirmed, and offers the way on', async () => {
    const citizen = await createCitizen(origin(), { label: `confirm-mail-${language}` });
    const link = confirmationLink(citizen.email);
    const { page } = await openPage(viewport, { language });
    const main = page.getByRole('main');
    await visit(page, link);
    await main.getByText(setup.auth.verifyEmail.verified, { exact: true }).waitFor();
    // The link's token is spent and leaves the address bar (and so the history).
    expect(new URL(page.url()).search).toBe('');

    await visit(page, link);
    await main.getByText(setup.auth.verifyEmail.alreadyVerified, { exact: true }).waitFor();
    await main
      .getByText(fill(setup.auth.verifyEmail.alreadyVerifiedBody, { email: citizen.email }), { exact: true })
      .waitFor();
    expect(await main.getByText(setup.auth.verifyEmail.failed).count()).toBe(0);
    expect(
      await main.getByRole('link', { name: setup.auth.verifyEmail.signIn, exact: true }).getAttribute('href'),
    ).toBe('/auth');
    await expectAxeClean(page);
  });

  it("names the characters an enrollment code may hold when the registrar's code cannot be one", async () => {
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, DEMO_REGISTRAR);
    await visit(page, '/staff/enroll');
    // The demo registrar works at three centers: the code step comes once one is chosen.
    await page.getByRole('combobox', { name: setup.staff.enroll.center }).click();
    await page.getByRole('option').first().click();
    const form = page.getByRole('form', { name: setup.staff.enroll.codeForm });
    await form.getByRole('textbox', { name: setup.staff.enroll.code }).fill('ACE4O0K9');
    await form.getByRole('button', { name: setup.staff.enroll.find }).click();
    const sentence = messageText(readMessage(ENROLLMENT_CODE_INVALID), language);
    expect(sentence).toContain('A C E F G H J K M N P R W X Y 3 4 6 7 9');
    await form.getByText(sentence, { exact: true }).waitFor();
  });
});
