import { RECEIPT_PATTERN } from '@shared/receipts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { load, visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { DEMO_TITLES } from './helpers/demo-elections';
import { createCitizen } from './helpers/factories';
import { followInApp, navigateInApp } from './helpers/in-app';
import { enrollCitizen } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

const { openPage, origin, databasePath } = setupE2E();

const PRESIDENTIAL = DEMO_TITLES.presidential.en;
const BY_ELECTION = 'Hirshabelle State Assembly By-election';
const YOUTH_COUNCIL = 'Banadir Youth Council Election';
const THANK_YOU = 'Thank you for voting! You have already cast your vote in this election.';

/** The id of a published election, read from its "View Details" link on /verified-results. */
async function electionId(page: Page, title: string): Promise<string> {
  if (new URL(page.url()).pathname !== '/verified-results') await visit(page, '/verified-results');
  const href = await page
    .getByRole('article', { name: title })
    .getByRole('link', { name: 'View Details' })
    .getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`no details link for ${title} on /verified-results`);
  return id;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('elections hub', () => {
  it('asks a visitor to sign in', async () => {
    const { page } = await openPage();
    await visit(page, '/elections');
    const main = page.getByRole('main');
    await main.getByText('Authentication Required').waitFor();
    await main.getByRole('link', { name: 'Sign In' }).click();
    await waitForPath(page, '/auth');
  });

  it('lets a citizen vote once, with a receipt that verifies', async () => {
    // A citizen of its own: the demo citizen stays a non-voter for the other files on this server.
    const citizen = await createCitizen(origin(), { label: 'voter' });
    // The demo elections are for enrolled voters: this citizen is on the roll, as a registrar would leave them.
    enrollCitizen(databasePath(), citizen.email);
    const { page } = await openPage();
    await signInThroughApi(page, citizen);
    await visit(page, '/elections');
    const card = page.getByRole('article', { name: PRESIDENTIAL });
    await card.getByText(/^\d+ days left$/).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Presidential Opinion Polls' }).waitFor();
    await card.getByRole('link', { name: /^Vote Now/ }).click();
    await page.waitForURL(/\/vote\/[0-9a-f-]{36}$/);

    const submit = page.getByRole('button', { name: 'Submit Vote' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Faadumo Ali Warsame/ }).click();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByRole('button', { name: 'Confirm vote' }).click();

    await page.getByText('Vote Submitted').waitFor();
    await page.getByText('Your vote has been recorded successfully').waitFor();
    await page.getByText(THANK_YOU).waitFor();
    const receipt = (await page.getByTestId('receipt-id').textContent())?.trim() ?? '';
    expect(receipt).toMatch(RECEIPT_PATTERN);
    expect(await page.getByRole('button', { name: 'Submit Vote' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Verify this receipt' }).click();
    await waitForPath(page, '/verify');
    // The verification's own sentence: the vote page's receipt box (same title) stays until /verify's code came.
    const verified = page.getByRole('status').filter({ hasText: 'belongs to a vote recorded in' });
    await verified.waitFor();
    expect(await verified.textContent()).toContain(receipt);
    expect(await verified.textContent()).toContain(PRESIDENTIAL);

    await visit(page, '/elections');
    const votedCard = page.getByRole('article', { name: PRESIDENTIAL });
    await votedCard.getByText('You voted').waitFor();
    await votedCard.getByRole('link', { name: /^View Your Vote/ }).waitFor();
    expect(await votedCard.getByRole('link', { name: /^Vote Now/ }).count()).toBe(0);
  });

  it('tells a visitor on the vote page to sign in before voting', async () => {
    const { page } = await openPage();
    const id = await electionId(page, PRESIDENTIAL);
    await visit(page, `/vote/${id}`);
    await page.getByRole('heading', { name: PRESIDENTIAL }).waitFor();
    await page.getByText('Sign in to vote').waitFor();
    await page.getByRole('radio', { name: /Hassan Abdi Nur/ }).click();
    await page.getByRole('button', { name: 'Submit Vote' }).click();
    await page.getByText("Please select a candidate and ensure you're logged in").waitFor();
  });
});

describe('polls on the hub', () => {
  it('opens the poll view from a poll card, though its id is not an election', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_CITIZEN);
    await visit(page, '/elections');
    const polls = page.getByRole('region', { name: 'Presidential Opinion Polls' });
    // Any closed poll: the demo's, or one another file on this server created and closed (polls.test.ts).
    const closedPoll = polls.getByRole('article').filter({ hasText: 'Closed' }).first();
    const title = (await closedPoll.getByRole('heading').textContent())?.trim() ?? '';
    expect(title).toMatch(/Poll/);
    await closedPoll.getByRole('link', { name: /^View Results/ }).click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    // The results page's own heading (h1): the hub's card, still on screen until the page's code has come,
    // has a heading with the same title.
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  });
});

describe('receipts', () => {
  it('explains malformed and unknown receipts', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    testPage.allowResourceError(404, '/trpc/votes.verifyReceipt', 'an unknown receipt on purpose');
    await visit(page, '/verify?receipt=hello');
    await page.getByText('This is not a valid receipt ID', { exact: false }).waitFor();
    const field = page.getByRole('textbox', { name: 'Receipt ID' });
    await field.fill('V1795000000000-zzzzzzzzz');
    await page.getByRole('button', { name: 'Verify Receipt' }).click();
    await page.getByText('No vote with this receipt ID was found. Check it and try again.').waitFor();
  });
});

describe('results', () => {
  it('shows the closed by-election sorted by votes with percentages', async () => {
    const { page } = await openPage();
    await visit(page, '/verified-results');
    await page
      .getByRole('article', { name: BY_ELECTION })
      .getByRole('link', { name: 'Full results' })
      .click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    // The results page's own h1: /verified-results' card (on screen until the page's code came) has an h2 so named.
    await page.getByRole('heading', { name: BY_ELECTION, level: 1 }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await rows.first().waitFor();
    const text = await rows.allInnerTexts();
    const body = text.slice(1, -1).map((row) => row.split('\t').map((cell) => cell.trim()));
    expect(body).toEqual([
      ['1', 'Hawa Abdi Salad', 'Horseed Alliance', '10', '50.0%'],
      ['2', 'Mohamed Osman Gedi', 'Midnimo Party', '8', '40.0%'],
      ['3', 'Ali Hussein Barre', 'Independent', '2', '10.0%'],
    ]);
    expect((await page.getByTestId('total-votes').textContent())?.trim()).toBe('20');
    await page.getByText('Last updated').waitFor();
    // Every share here is at least 5%, so every section of the bar carries its label.
    const bar = page.getByRole('group', { name: 'Share of the vote' });
    expect(await bar.getByText('10.0%').count()).toBe(1);
  });

  it('keeps results of the running presidential election hidden from voters', async () => {
    const { page } = await openPage();
    const id = await electionId(page, PRESIDENTIAL);
    await visit(page, `/results/${id}`);
    await page.getByText('Results are not published yet').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('shows a running election’s public counts as the last batch, and says they move in batches', async () => {
    const { page } = await openPage();
    const id = await electionId(page, YOUTH_COUNCIL);
    const card = page.getByRole('article', { name: YOUTH_COUNCIL });
    await card.getByTestId('batched-counts').waitFor();
    await visit(page, `/results/${id}`);
    const notice = page.getByTestId('batched-counts');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Counts are updated in batches');
    expect(await notice.innerText()).toContain(
      'While voting is open, these counts are updated in batches: at most every 15 minutes, and at least 20 votes at a time.',
    );
    expect(await notice.innerText()).toMatch(/Last update: .+ EAT\./);
    // The demo has 24 votes in it; the seed published the first 20 as a batch, the last 4 wait for the timer.
    expect((await page.getByTestId('total-votes').textContent())?.trim()).toBe('20');
  });

  it('marks closed elections Verified and running ones Pending', async () => {
    const { page } = await openPage();
    await visit(page, '/verified-results');
    await page.getByRole('article', { name: BY_ELECTION }).getByText('Verified', { exact: true }).waitFor();
    await page.getByRole('article', { name: PRESIDENTIAL }).getByText('Pending', { exact: true }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Verify your receipt' }).waitFor();
  });

  it('shows Election Not Found for an unknown details page', async () => {
    const testPage = await openPage();
    const id = crypto.randomUUID();
    testPage.allowResourceError(404, `/election/${id}`, 'an unknown election answers 404, with its view');
    const { page } = testPage;
    expect((await load(page, `/election/${id}`))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Election Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Elections' }).waitFor();
  });
});

describe('at 360 px', () => {
  it('fits the vote, results, details, verify and verified-results pages and the hub without horizontal scrolling', async () => {
    const { page } = await openPage('phone');
    await followInApp(page);
    const presidential = await electionId(page, PRESIDENTIAL);
    const byElection = await electionId(page, BY_ELECTION);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const pages = [
      [`/vote/${presidential}`, PRESIDENTIAL],
      [`/results/${byElection}`, BY_ELECTION],
      [`/election/${presidential}`, PRESIDENTIAL],
      ['/verify', 'Verify a Vote Receipt'],
    ] as const;
    // Reached inside the app: the layout is the subject (the server's pages have tests of their own).
    for (const [path, heading] of pages) {
      await navigateInApp(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await signInThroughApi(page, DEMO_CITIZEN);
    await visit(page, '/elections');
    await page.getByRole('article', { name: PRESIDENTIAL }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
