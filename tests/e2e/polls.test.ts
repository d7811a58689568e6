import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmAsSecondAdmin, sharedAdminSession } from './helpers/admin';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { visit } from './helpers/browser';
import { createCitizen } from './helpers/factories';
import { confirmEmail } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

const { openPage, origin, databasePath } = setupE2E();

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// One signed-in, stepped-up admin session for the file: no test here is about the admin login (admin-screens.test.ts
// and admin-elections.test.ts go through its form, and the step-up dialog).
const asAdmin = sharedAdminSession();

/** A fresh citizen, signed up and signed in through the API (the forms are auth.test.ts's subject). */
async function signInNewCitizen(page: Page) {
  const citizen = await createCitizen(origin(), { label: 'poll' });
  await signInThroughApi(page, citizen);
  return citizen;
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('the monthly poll, end to end', () => {
  it('an admin creates and publishes a poll, a citizen votes once and sees results, the admin closes it', async () => {
    const adminPage = await openPage();
    const admin = adminPage.page;
    await asAdmin(adminPage, '/admin/polls');
    // A parliamentary poll: the demo's open presidential poll stays polls.current().
    const title = `E2E Parliamentary Poll ${unique()}`;
    await admin.getByRole('button', { name: 'Create Poll' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create Poll' });
    await dialog.getByText('Only System Admins can create polls.').waitFor();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await dialog.getByRole('combobox', { name: 'Election type' }).selectOption('parliamentary');
    // A verified contact is the default; the citizen below has just signed up and not confirmed their address.
    expect(
      await dialog
        .getByRole('radio', { name: 'Verified contact (e-mail or phone)', exact: true })
        .isChecked(),
    ).toBe(true);
    await dialog.getByRole('radio', { name: 'Any signed-in account' }).check();
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await admin.getByText('Poll created successfully').waitFor();
    await admin.waitForURL((url) => /^\/admin\/polls\/[0-9a-f-]{36}$/.test(url.pathname));
    const pollId = new URL(admin.url()).pathname.split('/').pop() ?? '';
    await admin.getByRole('heading', { name: title }).waitFor();
    await admin.getByText('No Votes Cast').waitFor();

    const addForm = admin.getByRole('form', { name: 'Add candidate' });
    const candidates = [
      { name: 'Cabdi Xasan', party: 'Midnimo' },
      { name: 'Hodan Warsame', party: 'Horseed' },
      { name: 'Yusuf Nuur', party: 'Independent' },
    ];
    for (const { name, party } of candidates) {
      await addForm.getByRole('textbox', { name: 'Name' }).fill(name);
      // The English field; the Somali one beside it is "Party in Somali".
      await addForm.getByRole('textbox', { name: 'Party', exact: true }).fill(party);
      await addForm.getByRole('button', { name: 'Add candidate' }).click();
      await admin.getByRole('list', { name: 'Candidates' }).getByText(name).waitFor();
    }
    expect(await admin.getByRole('list', { name: 'Candidates' }).getByRole('listitem').count()).toBe(3);
    // Publishing waits for a second System Admin: the poll stays a draft, its row leads to Approvals.
    await admin.getByRole('button', { name: `Publish ${title}` }).click();
    await admin.getByText('Publishing waits for a second System Admin').waitFor();
    await admin.getByRole('link', { name: 'Waiting for approval: open Approvals' }).waitFor();
    await confirmAsSecondAdmin(openPage, `Publish the poll “${title}”`);
    await admin.reload();
    await admin.getByRole('button', { name: `Close ${title}` }).waitFor();

    const citizenTab = await openPage();
    const citizen = citizenTab.page;
    citizenTab.allowResourceError(409, 'polls.vote', 'the second vote, refused on purpose');
    await signInNewCitizen(citizen);
    // A second tab opened before the vote still shows the ballot: it is how a second vote gets sent.
    const secondTab = await citizenTab.context.newPage();
    secondTab.on('console', (message) => {
      const expected =
        /status of 404 /.test(message.text()) && message.location().url.includes('elections.byId')
          ? true
          : /status of 409 /.test(message.text()) && message.location().url.includes('polls.vote');
      if (message.type() === 'error' && !expected) citizenTab.problems.push(`second tab: ${message.text()}`);
    });
    for (const tab of [citizen, secondTab]) {
      await visit(tab, `/vote/${pollId}`);
      await tab.getByRole('heading', { name: title }).waitFor();
      await tab.getByRole('timer').waitFor();
    }
    await citizen.getByText('Results are shown after you vote.').waitFor();
    await citizen.getByRole('radio', { name: 'Hodan Warsame, Horseed' }).click();
    await citizen.getByRole('button', { name: 'Submit Vote' }).click();
    await citizen.getByRole('button', { name: 'Confirm vote' }).click();
    await citizen.getByText('Your vote has been recorded successfully.').waitFor();
    await citizen.getByText('Thank you for voting!').waitFor();
    await citizen.getByText('Total votes:').waitFor();
    expect(await citizen.getByText('Total votes:').innerText()).toMatch(/Total votes:\s*1$/);
    const results = citizen.getByRole('list', { name: 'Results by candidate' });
    expect(await results.getByRole('listitem').first().innerText()).toContain('Hodan Warsame');
    expect(await results.getByRole('listitem').first().innerText()).toContain('100.0%');

    await secondTab.getByRole('radio', { name: 'Cabdi Xasan, Midnimo' }).click();
    await secondTab.getByRole('button', { name: 'Submit Vote' }).click();
    await secondTab.getByRole('button', { name: 'Confirm vote' }).click();
    await secondTab.getByText('Vote Failed').waitFor();
    await secondTab.getByText("You have already voted in this month's poll.").first().waitFor();
    await secondTab.getByText('Thank you for voting!').waitFor();

    await admin.reload();
    await admin.getByRole('cell', { name: 'Hodan Warsame' }).waitFor();
    // The votes per channel, and each vote's channel.
    const byChannel = admin.getByRole('group', { name: 'Votes per channel' });
    expect(await byChannel.innerText()).toMatch(/Web: 1\s*USSD: 0/i);
    await admin.getByRole('columnheader', { name: 'Channel' }).waitFor();
    await admin
      .getByRole('row', { name: /Hodan Warsame/ })
      .getByRole('cell', { name: 'Web', exact: true })
      .waitFor();
    const csvHref = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csvHref).toBe(`/api/admin/polls/${pollId}/votes.csv`);
    const csv = await admin.context().request.get(csvHref ?? '');
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain('Hodan Warsame');
    expect(csvText.split('\n')[0]).toContain('IP Hash,Channel');
    await admin.getByRole('button', { name: `Close ${title}` }).click();
    await admin
      .getByRole('dialog', { name: 'Close poll?' })
      .getByRole('button', { name: 'Close poll' })
      .click();
    await admin.getByText('Poll closed', { exact: true }).waitFor();
    await admin.getByRole('button', { name: `Publish ${title}` }).waitFor({ state: 'detached' });

    const { page: visitor } = await openPage();
    await visit(visitor, '/polls/history');
    await visitor.getByRole('link', { name: new RegExp(title) }).click();
    await waitForPath(visitor, `/polls/presidential/history/${pollId}`);
    await visitor.getByText('This poll has been closed.').waitFor();
    await visitor.getByRole('heading', { name: /Final results/ }).waitFor();
    expect(await visitor.getByText('Total votes:').innerText()).toMatch(/Total votes:\s*1$/);
    expect(await visitor.getByRole('button', { name: 'Submit Vote' }).count()).toBe(0);
  });

  it('lets a citizen vote in the current presidential poll and see its results', async () => {
    /** Votes as a fresh citizen and returns the total the results then show. */
    const voteAndReadTotal = async (page: Page) => {
      await visit(page, '/polls/presidential');
      await page.getByRole('heading', { name: /Presidential Opinion Poll/ }).waitFor();
      await page.getByRole('radio').first().click();
      await page.getByRole('button', { name: 'Submit Vote' }).click();
      await page.getByRole('button', { name: 'Confirm vote' }).click();
      await page.getByText('Thank you for voting!').waitFor();
      await page.getByRole('heading', { name: /Results so far/ }).waitFor();
      const total = await page.getByText('Total votes:').innerText();
      expect(total).toMatch(/Total votes:\s*\d+$/);
      return Number(/(\d+)$/.exec(total)?.[1]);
    };
    const { page } = await openPage();
    // The demo poll is for confirmed e-mail addresses: confirmed here as the e-mailed link would.
    confirmEmail(databasePath(), (await signInNewCitizen(page)).email);
    const first = await voteAndReadTotal(page);
    // Other files on this server vote in the demo poll too: a second citizen's vote is what this test counts.
    const second = (await openPage()).page;
    confirmEmail(databasePath(), (await signInNewCitizen(second)).email);
    expect(await voteAndReadTotal(second)).toBe(first + 1);
  });

  it('asks a visitor on a phone to sign in, and keeps every poll page within 360 px', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/polls/presidential');
    await page.getByText('Authentication Required').waitFor();
    await page.getByText('Please sign in to vote').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Vote' }).count()).toBe(0);
    await noHorizontalScroll(page);

    await visit(page, '/polls/presidential/history');
    await page.getByRole('tab', { name: 'All Polls', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Create Poll' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Current Poll' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'current');
    await page.getByText('Please sign in to vote').waitFor();
    await noHorizontalScroll(page);

    await visit(page, '/polls/history');
    // Last month's demo poll (60 seeded votes); the first test's poll may be listed above it.
    await page
      .getByRole('list', { name: 'Closed polls' })
      .getByRole('link', { name: /Presidential Opinion Poll/ })
      .click();
    await page.getByRole('heading', { name: /Final results/ }).waitFor();
    expect(await page.getByText('Total votes:').innerText()).toMatch(/Total votes:\s*60$/);
    await page.getByRole('list', { name: 'Results by candidate' }).getByText('%').first().waitFor();
    await noHorizontalScroll(page);
  });

  it("checks the Create Poll tab's required fields for an admin on a phone", async () => {
    const adminPage = await openPage('phone');
    const { page } = adminPage;
    await asAdmin(adminPage, '/admin/polls');
    await visit(page, '/polls/presidential/history?tab=create');
    const form = page.getByRole('form', { name: 'Create Poll' });
    await form.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Missing Information').waitFor();
    await page.getByText('Please fill in all required fields').first().waitFor();
    await noHorizontalScroll(page);
    // The title in English; a Somali one sits beside it, either enough (docs/decisions/021-bilingual-content.md).
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(`Tab poll ${unique()}`);
    // The form's month is the current one, whose presidential poll the demo has: one poll a month, so another.
    await form.getByLabel(/^Month/).fill('2030-07');
    // Who can vote: verified e-mail by default for a poll; this one is for enrolled voters.
    expect(
      await form.getByRole('radio', { name: 'Verified contact (e-mail or phone)', exact: true }).isChecked(),
    ).toBe(true);
    await form.getByRole('radio', { name: 'Enrolled voters' }).check();
    await form.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Poll created successfully').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/polls/'));
    await page.getByText('Draft', { exact: true }).first().waitFor();
    await page.getByRole('form', { name: 'Add candidate' }).waitFor();
    await noHorizontalScroll(page);
    const pollId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const rule = await page.evaluate(async (id) => {
      const input = encodeURIComponent(JSON.stringify({ json: { id } }));
      const response = await fetch(`/trpc/polls.byId?input=${input}`);
      return (await response.json()).result.data.json.poll.eligibility;
    }, pollId);
    expect(rule).toBe('enrolled');
  });
});
