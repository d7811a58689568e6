import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb, type Db } from '@server/db/client';
import { canonicalVoterCardNumber } from '@shared/voter-roll';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createElection } from '../helpers/election-factories';
import {
  assignCenter,
  createCenter,
  pendingEntry,
  rollUser,
  uniqueCardNumber,
} from '../helpers/voter-roll-factories';
import { choose, expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, waitForSignedIn } from './helpers/auth';
import { type TestPage, visit } from './helpers/browser';
import { createCitizen } from './helpers/factories';
import { expectNoEnglish } from './helpers/somali';
import { setupE2E } from './helpers/suite';
import { rollTexts } from './helpers/voter-roll-texts';

/**
 * The voter roll in the browser, in English and in Somali: a citizen asks for a code on /account (on
 * a phone), a registrar enrolls them with it (the step-up dialog included), a supervisor approves, and the
 * citizen is enrolled; the console's guards and the four-eyes refusal as staff see them.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'codka-e2e-roll-'));
const databasePath = join(dataDir, 'codka.db');
const { openPage, origin } = setupE2E({
  ownServer: {
    because:
      'staff accounts and their registration centers are written straight into its database (the admin ' +
      'screen that assigns centers is another branch’s), so the test knows the database’s path',
    env: { DATABASE_PATH: databasePath },
  },
});

let db: Db | undefined;
/** The server's database, opened once the server has migrated it. */
function database(): Db {
  db ??= createDb(databasePath);
  return db;
}
afterAll(() => {
  if (db) closeDb(db);
  rmSync(dataDir, { recursive: true, force: true });
});

type Language = 'en' | 'so';

/** A registrar assigned to one new Banadir center, and a supervisor, made in the server's database. */
async function staff() {
  const registrar = await rollUser(database(), { role: 'Registrar', fullName: 'Cali Diiwaan' });
  const place = createCenter(database(), { region: 'Banadir' });
  assignCenter(database(), registrar.id, place.centerId);
  const supervisor = await rollUser(database(), { role: 'Enrollment Supervisor', fullName: 'Hodan Kormeer' });
  return { registrar, supervisor, ...place };
}

/** The district the center factory made, by name (the Select lists the region's districts by name). */
function districtName(districtId: string): string {
  const row = database().$client.prepare('select name from districts where id = ?').get(districtId) as {
    name: string;
  };
  return row.name;
}

/** Signs in through the API (the form is not this file's subject, and its labels are English) and opens "/". */
async function signIn(page: Page, account: { email: string; password: string }) {
  await signInThroughApi(page, account);
  await visit(page, '/');
}

/** Answers the "Confirm your password" dialog a staff action opens without a recent step-up. */
async function confirmPassword(page: Page, language: Language, password: string) {
  const text = rollTexts(language);
  const dialog = page.getByRole('dialog', { name: text.common.stepUp.title });
  await dialog.getByRole('textbox', { name: text.common.stepUp.password, exact: true }).fill(password);
  await dialog.getByRole('button', { name: text.common.stepUp.submit, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The in-page "Confirm your password" form a staff page whose reads need step-up shows first. */
async function confirmPasswordInPage(page: Page, language: Language, password: string) {
  const text = rollTexts(language);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: text.common.stepUp.title }).waitFor();
  await main.getByRole('textbox', { name: text.common.stepUp.password, exact: true }).fill(password);
  await main.getByRole('button', { name: text.common.stepUp.submit, exact: true }).click();
}

/** The citizen asks for a code on /account (phone size) and reads it off the page. */
async function getCode(citizenPage: TestPage, language: Language): Promise<string> {
  const text = rollTexts(language);
  const { page } = citizenPage;
  await visit(page, '/account');
  const section = page.getByRole('region', { name: text.account.roll.title });
  await section.getByTestId('roll-status').getByText(text.account.roll.status.none).waitFor();
  await section.getByText(text.account.roll.sentence.none).waitFor();
  // The claim form for the commission's roll is offered beside the code.
  await section.getByRole('form', { name: text.account.roll.claimForm }).waitFor();
  await section.getByRole('button', { name: text.account.roll.getCode }).click();
  const shown = section.getByTestId('enrollment-code');
  await shown.waitFor();
  const qr = section.getByTestId('enrollment-qr');
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await section.getByRole('link', { name: text.account.roll.codeBringLink }).waitFor();
  expect(await section.getByTestId('enrollment-code-expiry').innerText()).toMatch(/EAT/);
  await expectNoHorizontalScroll(page);
  if (language === 'so') {
    await expectNoEnglish(page, [
      'Voter registration',
      'Your enrollment code',
      'Valid until',
      'Claim your voter card',
    ]);
  }
  const code = (await shown.innerText()).replace(/\s/g, '');
  expect(code).toMatch(/^[ACEFGHJKMNPRWXY34679]{8}$/);
  return code;
}

describe.each<Language>(['en', 'so'])('the voter roll in the browser (%s)', (language) => {
  const text = rollTexts(language);

  it('citizen asks for a code, registrar enrolls, supervisor approves, the citizen is enrolled', async () => {
    const citizen = await createCitizen(origin(), { label: `roll-${language}`, fullName: 'Faadumo Xasan' });
    const { registrar, supervisor, districtId } = await staff();

    // The citizen, on a phone.
    const citizenPage = await openPage('phone', { language });
    await signIn(citizenPage.page, citizen);
    const code = await getCode(citizenPage, language);

    // The registrar, at the center's desk: the header links the console; /staff opens the enroll section.
    const desk = await openPage('wide', { language });
    desk.allowResourceError(412, 'registrar.lookupCode', 'the first look-up asks for the step-up dialog');
    const { page: registrarPage } = desk;
    await signIn(registrarPage, registrar);
    await registrarPage.getByRole('banner').getByRole('link', { name: text.common.nav.staffConsole }).click();
    await registrarPage.waitForURL(/\/staff\/enroll$/);
    const sections = registrarPage.getByRole('navigation', { name: text.staff.layout.sections });
    await sections.getByRole('link', { name: text.staff.nav.enroll }).waitFor();
    expect(await sections.getByRole('link', { name: text.staff.nav.review }).count()).toBe(0);
    // Typed as a person might: small letters and a dash.
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    await registrarPage.getByRole('textbox', { name: text.staff.enroll.code, exact: true }).fill(typed);
    await registrarPage.getByRole('button', { name: text.staff.enroll.find }).click();
    await confirmPassword(registrarPage, language, registrar.password);
    const holder = registrarPage.getByTestId('code-holder');
    await holder.getByText(citizen.fullName).waitFor();
    const entryForm = registrarPage.getByRole('form', { name: text.staff.enroll.entryForm });
    const typedCard = uniqueCardNumber('SO');
    // The roll keeps and shows the card's canonical form (upper case, no dashes, O folded to 0).
    const card = canonicalVoterCardNumber(typedCard);
    await entryForm.getByRole('textbox', { name: text.staff.enroll.cardNumber, exact: true }).fill(typedCard);
    await choose(registrarPage, entryForm, text.staff.enroll.district, districtName(districtId));
    await entryForm.getByRole('button', { name: text.staff.enroll.submit }).click();
    await registrarPage.getByTestId('enroll-done').getByText(text.staff.enroll.recorded).waitFor();
    await registrarPage.getByTestId('recent-entries').getByText(card).waitFor();
    if (language === 'so') await expectNoEnglish(registrarPage, ['Enroll a voter', 'Voter card number']);

    // A registrar cannot approve: the review section is closed to them with the server's sentence.
    await visit(registrarPage, '/staff/review');
    await registrarPage.getByTestId('staff-denied').getByText(text.errors.access.supervisorOnly).waitFor();

    // While the entry waits, the citizen's vote page says so instead of offering a vote that would fail.
    const { election } = createElection(database(), {
      title: `Roll election ${language} ${card}`,
      eligibility: 'enrolled',
      eligibleRegions: ['Banadir'],
    });
    await visit(citizenPage.page, `/vote/${election.id}`);
    const waiting = text.errors.eligibility.pending.split('.')[0] ?? '';
    await citizenPage.page.getByText(waiting, { exact: false }).first().waitFor();
    expect(await citizenPage.page.getByRole('button', { name: text.elections.vote.submit }).count()).toBe(0);

    // The supervisor, in a third browser: the pending entry with its registrar and center, approved.
    const { page: supervisorPage } = await openPage('wide', { language });
    await signInThroughApi(supervisorPage, supervisor);
    await visit(supervisorPage, '/staff');
    await supervisorPage.waitForURL(/\/staff\/review$/);
    await confirmPasswordInPage(supervisorPage, language, supervisor.password);
    const entry = supervisorPage.getByRole('article', { name: citizen.fullName });
    await entry.getByText(card).waitFor();
    await entry.getByText(registrar.fullName).waitFor();
    if (language === 'so')
      await expectNoEnglish(supervisorPage, ['Review pending entries', 'Approve', 'Registrar']);
    await entry.getByRole('button', { name: text.staff.review.approve, exact: true }).click();
    await toast(supervisorPage, text.staff.review.approved).waitFor();
    await entry.waitFor({ state: 'detached' });

    // The citizen's account page now says where they are on the roll.
    await visit(citizenPage.page, '/account');
    const section = citizenPage.page.getByRole('region', { name: text.account.roll.title });
    await section.getByTestId('roll-status').getByText(text.account.roll.status.enrolled).waitFor();
    expect(await section.getByTestId('roll-sentence').innerText()).toContain(districtName(districtId));
    expect(await section.getByTestId('enrollment-code-panel').count()).toBe(0);
    await expectNoHorizontalScroll(citizenPage.page);

    // And votes in the election limited to enrolled voters of the center's region.
    await visit(citizenPage.page, `/vote/${election.id}`);
    // Until the session check answers, the server's page is a visitor's ballot, whose Submit would refuse.
    await waitForSignedIn(citizenPage.page, text.common.nav.signOut);
    await citizenPage.page.getByRole('radio', { name: /Candidate 2/ }).click();
    await citizenPage.page.getByRole('button', { name: text.elections.vote.submit }).click();
    await citizenPage.page.getByRole('button', { name: text.common.confirmVote.confirm }).click();
    // Exact: in Somali the button's "Codka waa la dirayaa..." (submitting) contains the title "Codka waa la diray",
    // and the count below was read while the vote was still on its way.
    await citizenPage.page.getByText(text.elections.vote.submittedTitle, { exact: true }).first().waitFor();
    const votes = database()
      .$client.prepare('select count(*) as n from votes where election_id = ?')
      .get(election.id) as { n: number };
    expect(votes.n).toBe(1);
  });

  it('refuses a supervisor their own entry, with the sentence', async () => {
    const { registrar, supervisor, districtId, centerId } = await staff();
    pendingEntry(database(), {
      userId: supervisor.id,
      enteredBy: registrar.id,
      centerId,
      districtId,
      fullName: `Own Entry ${language}`,
    });
    const testPage = await openPage('phone', { language });
    testPage.allowResourceError(403, 'supervisor.approve', 'four eyes: the entry is for the supervisor');
    const { page } = testPage;
    await signInThroughApi(page, supervisor);
    await visit(page, '/staff/review');
    await confirmPasswordInPage(page, language, supervisor.password);
    const entry = page.getByRole('article', { name: `Own Entry ${language}` });
    await entry.getByRole('button', { name: text.staff.review.approve, exact: true }).click();
    await entry.getByRole('alert').getByText(text.errors.supervisor.ownAccount).waitFor();
    await expectNoHorizontalScroll(page);
  });

  it('asks a visitor to sign in and tells a citizen no', async () => {
    const { page: visitor } = await openPage('phone', { language });
    await visit(visitor, '/staff');
    await visitor.getByText(text.staff.layout.signInTitle).waitFor();

    const citizen = await createCitizen(origin(), { label: `roll-denied-${language}` });
    const { page } = await openPage('phone', { language });
    await signInThroughApi(page, citizen);
    await visit(page, '/staff/review');
    await page.getByTestId('staff-denied').getByText(text.errors.access.staffOnly).waitFor();
    expect(await page.getByRole('link', { name: text.common.nav.staffConsole }).count()).toBe(0);
  });
});
