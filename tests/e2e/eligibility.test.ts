import enEligibility from '@client/i18n/locales/en/eligibility.json';
import soEligibility from '@client/i18n/locales/so/eligibility.json';
import { toEatInput } from '@client/pages/admin/elections/eat-time';
import { messageText } from '@server/errors/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmAsSecondAdmin, expectNoHorizontalScroll } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi, waitForPath, waitForSignedIn } from './helpers/auth';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { createBallots, enrollCitizen } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

/**
 * Eligibility in the browser: a signed-in citizen the ballot's rule leaves out sees why and where to go
 * (their account, the registration centers) instead of a vote button, on the hub, the vote page and the poll
 * page, in English and Somali, on a desktop and a phone; a visitor still sees the sign-in prompt; an admin sets
 * the rule and the regions on the election form.
 */
const { openPage, origin, databasePath } = setupE2E();

const HOUR = 3_600_000;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const LANGUAGES = [
  { language: 'en', viewport: 'desktop', texts: enEligibility, vote: 'Vote Now', submit: 'Submit Vote' },
  { language: 'so', viewport: 'phone', texts: soEligibility, vote: 'Codee hadda', submit: 'Dir codka' },
] as const;

/** A refusal's sentence as the server and the page say it (errors namespace, shared by both). */
const sentence = (language: 'en' | 'so', key: string, ballot: 'thisElection' | 'thisPoll') =>
  messageText({ key, params: { ballot: { key: `eligibility.${ballot}` } } }, language);

describe.each(LANGUAGES)('a citizen who may not vote ($language, $viewport)', (setup) => {
  it('sees the reason and the way to enroll instead of a vote button: hub, vote page, poll page', async () => {
    const title = `Eligibility ${setup.language} ${unique()}`;
    const { electionId, pollId } = createBallots(databasePath(), {
      title,
      eligibility: 'enrolled',
      eligibleRegions: ['Bay', 'Banadir'],
      pollEligibility: 'verifiedContact',
    });
    // Signed up through the API: not on the roll, e-mail address not confirmed.
    const citizen = await createCitizen(origin(), { label: 'eligibility' });
    const { page } = await openPage(setup.viewport as ViewportName, { language: setup.language });
    await signInThroughApi(page, citizen);
    const notOnRoll = sentence(setup.language, 'eligibility.notOnRoll', 'thisElection');
    const confirmEmail = sentence(setup.language, 'eligibility.emailUnverified', 'thisPoll');

    await visit(page, '/elections');
    const card = page.getByRole('article', { name: title, exact: true });
    await card.getByText(notOnRoll).waitFor();
    await expectWayOut(card, setup.texts, 'getCode', true);
    expect(await card.getByRole('link', { name: new RegExp(`^${setup.vote}`) }).count()).toBe(0);
    const pollCard = page.getByRole('article', { name: `${title} poll`, exact: true });
    await pollCard.getByText(confirmEmail).waitFor();
    expect(await pollCard.getByRole('link', { name: new RegExp(`^${setup.vote}`) }).count()).toBe(0);
    if (setup.viewport === 'phone') await expectNoHorizontalScroll(page);

    await visit(page, `/vote/${electionId}`);
    const main = page.getByRole('main');
    await main.getByText(notOnRoll).waitFor();
    await main.getByText(setup.texts.notice.titles.notOnRoll, { exact: true }).waitFor();
    await expectWayOut(main, setup.texts, 'getCode', true);
    const regions = setup.language === 'en' ? 'Banadir, Bay' : 'Banaadir, Bay';
    await main
      .getByText(
        setup.texts.whoCanVoteLine.replace(
          '{{rule}}',
          setup.texts.rule.enrolledIn.replace('{{regions}}', regions),
        ),
      )
      .waitFor();
    // The candidates are there to read, without a ballot.
    await main.getByText('Hodan Warsame').waitFor();
    expect(await main.getByRole('button', { name: setup.submit }).count()).toBe(0);
    expect(await main.getByRole('radio').count()).toBe(0);
    if (setup.viewport === 'phone') await expectNoHorizontalScroll(page);

    await visit(page, `/vote/${pollId}`);
    await main.getByText(confirmEmail).waitFor();
    await main.getByText(setup.texts.notice.titles.emailUnverified, { exact: true }).waitFor();
    await expectWayOut(main, setup.texts, 'confirmContact', false);
    await main
      .getByText(setup.texts.whoCanVoteLine.replace('{{rule}}', setup.texts.rule.verifiedContact))
      .waitFor();
    expect(await main.getByRole('button', { name: setup.submit }).count()).toBe(0);
    if (setup.viewport === 'phone') await expectNoHorizontalScroll(page);

    await main.getByRole('link', { name: setup.texts.notice.confirmContact }).click();
    await waitForPath(page, '/account');
  });
});

/**
 * The links the notice offers: the account always (named by what to do there), the registration centers for the
 * roll's reasons.
 */
async function expectWayOut(
  scope: ReturnType<Page['getByRole']>,
  texts: typeof enEligibility,
  account: 'getCode' | 'confirmContact' | 'account',
  centers: boolean,
) {
  expect(await scope.getByRole('link', { name: texts.notice[account] }).getAttribute('href')).toBe(
    '/account',
  );
  const centersLink = scope.getByRole('link', { name: texts.notice.centers });
  if (centers) expect(await centersLink.getAttribute('href')).toBe('/registration-centers');
  else expect(await centersLink.count()).toBe(0);
}

describe('the roll decides', () => {
  it('names the regions to a voter enrolled elsewhere, and gives a voter of the region the ballot', async () => {
    const title = `Regions ${unique()}`;
    const { electionId } = createBallots(databasePath(), {
      title,
      eligibility: 'enrolled',
      eligibleRegions: ['Banadir', 'Bay'],
      pollEligibility: 'signedIn',
    });
    const elsewhere = await createCitizen(origin(), { label: 'gedo' });
    enrollCitizen(databasePath(), elsewhere.email, { region: 'Gedo' });
    const { page } = await openPage();
    await signInThroughApi(page, elsewhere);
    await visit(page, `/vote/${electionId}`);
    await page
      .getByText('Only voters enrolled in Banadir, Bay can vote in this election. You are enrolled in Gedo.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Submit Vote' }).count()).toBe(0);

    const inside = await createCitizen(origin(), { label: 'bay' });
    enrollCitizen(databasePath(), inside.email, { region: 'Bay' });
    const voter = (await openPage()).page;
    await signInThroughApi(voter, inside);
    await visit(voter, `/vote/${electionId}`);
    // Until the session check answers, the server's page is a visitor's ballot, whose Submit would refuse.
    await waitForSignedIn(voter);
    await voter.getByRole('radio', { name: /Cabdi Xasan/ }).click();
    await voter.getByRole('button', { name: 'Submit Vote' }).click();
    await voter.getByRole('button', { name: 'Confirm vote' }).click();
    await voter.getByText('Your vote has been recorded successfully').waitFor();

    // A visitor still gets the sign-in prompt, and the page says who can vote.
    const visitor = (await openPage()).page;
    await visit(visitor, `/vote/${electionId}`);
    await visitor.getByText('Sign in to vote').waitFor();
    await visitor.getByText('Who can vote: enrolled voters in Banadir, Bay').waitFor();
  });
});

describe('the admin form', () => {
  it("sets who can vote and the regions, with a member state's shortcut", async () => {
    const { page } = await openPage();
    await visit(page, `/admin/login?next=${encodeURIComponent('/admin/elections')}`);
    const login = page.getByRole('form', { name: 'Admin Login' });
    await login.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_ADMIN.email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/admin/elections');
    await stepUpThroughApi(page, DEMO_ADMIN.password);

    const title = `South West Election ${unique()}`;
    await page.getByRole('button', { name: 'Create Election' }).click();
    const form = page.getByRole('form', { name: 'Create Election' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByLabel('Start time').fill(toEatInput(new Date(Date.now() - HOUR)));
    await form.getByLabel('End time').fill(toEatInput(new Date(Date.now() + 24 * HOUR)));
    await form.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await form
      .getByRole('group', { name: 'Candidate 1', exact: true })
      .getByLabel('Name')
      .fill('Ilhan Farah');
    // Enrolled voters is the default for an election.
    expect(await form.getByRole('radio', { name: 'Enrolled voters' }).isChecked()).toBe(true);
    await form
      .getByRole('combobox', { name: "Add a federal member state's regions" })
      .selectOption({ label: "Add South West's regions" });
    await form.getByRole('button', { name: 'Create Election' }).click();
    // Created a draft; a second System Admin opens it.
    await page.getByText('Election created as a draft').first().waitFor();
    await confirmAsSecondAdmin(openPage, `Open “${title}” for voting`);

    const card = page.getByRole('article', { name: title });
    const href =
      (await card.getByRole('link', { name: `Candidates of ${title}` }).getAttribute('href')) ?? '';
    const electionId = href.split('/')[3] ?? '';
    expect(electionId).toMatch(/^[0-9a-f-]{36}$/);
    const visitor = (await openPage()).page;
    await visit(visitor, `/vote/${electionId}`);
    await visitor.getByText('Who can vote: enrolled voters in Lower Shabelle, Bay, Bakool').waitFor();
  });
});
