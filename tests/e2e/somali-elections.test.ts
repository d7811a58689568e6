import { i18n } from '@client/i18n';
import { formatDateTime, formatDay, formatNumber } from '@client/i18n/format';
import soAuth from '@client/i18n/locales/so/auth.json';
import soCommon from '@client/i18n/locales/so/common.json';
import { messageText } from '@server/errors/texts';
import { RECEIPT_PATTERN } from '@shared/receipts';
import { pollMessages } from '@shared/schemas/polls';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll } from './helpers/admin';
import { chooseEmailSignUp, signInThroughApi } from './helpers/auth';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_TITLES } from './helpers/demo-elections';
import { followInApp, navigateInApp } from './helpers/in-app';
import { confirmEmail, enrollCitizen } from './helpers/roll-db';
import { expectNoEnglish, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * The elections and polls screens in Somali: texts in af-Soomaali, <html lang="so">, and figures
 * and dates as the browser's Intl writes them for 'so' (in East Africa Time), at desktop and phone size.
 * The Somali words below are this area's own (locales/so/elections.json and polls.json); the sign-up form's
 * labels are read from the auth texts, and the product's poll sentences from the shared catalog, owned elsewhere.
 */
const { openPage, databasePath } = setupE2E();

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
// The demo's elections as a Somali page names them: their Somali titles (seed/elections.ts).
const PRESIDENTIAL = DEMO_TITLES.presidential.so;
const BY_ELECTION = DEMO_TITLES.byElection.so;
const YOUTH_COUNCIL = DEMO_TITLES.youthCouncil.so;
/** The demo poll's Somali title, before its month. */
const POLL_TITLE = "Ra'yi ururinta madaxweynaha – ";
/** The Somali calendar's month names, January first (locales/so/common.json). */
const SOMALI_MONTHS = Object.values(soCommon.calendar.months);

/**
 * A sentence of shared/ (the product's poll messages, docs/product.md#messages-and-empty-states: keys of the errors
 * namespace) as the Somali texts say it.
 */
const shared = (key: string): string => {
  const somali = messageText({ key }, 'so');
  if (somali === key) throw new Error(`no Somali for "${key}" in shared/i18n/locales/so/errors.json`);
  return somali;
};

const main = (page: Page) => page.getByRole('main');

/**
 * No text of the demo shown in English on a Somali page: a text in the other language carries the fallback
 * marker "(Ingiriisi)" (components/content/ContentText.tsx), so none may be on the page. On a list that other test
 * files add their own (English-only) elections to, the demo's entries are the scope.
 */
async function expectNoFallback(scope: Page | Locator) {
  const where = 'url' in scope ? main(scope) : scope;
  const marked = await where.locator('[data-fallback-language]').allInnerTexts();
  expect(marked, 'texts marked as shown in another language').toEqual([]);
  expect(await where.innerText()).not.toContain('(Ingiriisi)');
}
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A count as Somali pages write it (digits grouped as in English: see client/src/i18n/format.ts). */
const somaliNumber = async (_page: Page, value: number, fractionDigits = 0) => {
  await i18n.changeLanguage('so');
  return formatNumber(value, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
};

/**
 * A moment as election pages show it: Somali month names, Mogadishu time, "EAT" after it. The formatter's
 * own output is pinned by tests/client/format.test.ts; here it proves the page uses it.
 */
const somaliElectionTime = async (_page: Page, iso: string) => {
  await i18n.changeLanguage('so');
  return `${formatDateTime(new Date(iso))} EAT`;
};

/** A public tRPC query's answer (superjson: dates come as ISO strings), read with the page's cookies. */
async function query<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const url = `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await page.context().request.get(url);
  expect(response.status(), procedure).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The id of a published election, read from its Somali "View Details" link on /verified-results. */
async function electionId(page: Page, title: string): Promise<string> {
  if (new URL(page.url()).pathname !== '/verified-results') await visit(page, '/verified-results');
  const href = await page
    .getByRole('article', { name: title })
    .getByRole('link', { name: 'Eeg faahfaahinta' })
    .getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`no details link for ${title} on /verified-results`);
  return id;
}

/** Signs a new citizen up through the Somali form, then in (sign-up starts no session); returns the e-mail address. */
async function signUpInSomali(page: Page): Promise<string> {
  await visit(page, '/auth?tab=signup');
  const form = page.getByRole('form', { name: soAuth.signUp.form });
  const password = 'e2e-password-42';
  await chooseEmailSignUp(form, { group: soAuth.signUp.method, email: soAuth.signUp.withEmail });
  await form.getByRole('textbox', { name: soAuth.fields.fullName }).fill('Sahra Cabdi');
  const email = `so.${unique()}@test.codka.example`;
  await form.getByRole('textbox', { name: soAuth.fields.email, exact: true }).fill(email);
  await form.getByRole('textbox', { name: soAuth.fields.password, exact: true }).fill(password);
  await form.getByRole('textbox', { name: soAuth.fields.confirmPassword }).fill(password);
  await form.getByRole('button', { name: soAuth.signUp.submit, exact: true }).click();
  await page.getByText(soAuth.signUp.welcome).waitFor();
  await page.getByRole('main').getByRole('link', { name: soAuth.signUp.goSignIn, exact: true }).waitFor();
  await signInThroughApi(page, { email, password });
  return email;
}

describe.each(VIEWPORTS)('elections and polls in Somali at %s size', (viewport) => {
  const open = async () => {
    const { page } = await openPage(viewport, { language: 'so' });
    await followInApp(page);
    return page;
  };
  const fits = async (page: Page) => {
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
  };
  // A visitor's pages after the first: on the phone reached inside the app (what the browser renders), on the
  // desktop loaded (what the server sends).
  const go = (page: Page, path: string) =>
    viewport === 'phone' ? navigateInApp(page, path) : visit(page, path);

  it('shows the hub, details, results, verify and verified-results pages to a visitor in Somali', async () => {
    const page = await open();
    const presidential = await electionId(page, PRESIDENTIAL);
    const byElection = await electionId(page, BY_ELECTION);

    // /verified-results (already open): badges, counts in Somali.
    await main(page).getByRole('heading', { name: 'Natiijooyinka la xaqiijiyay', level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('so');
    const closed = page.getByRole('article', { name: BY_ELECTION });
    await closed.getByText('La xaqiijiyay', { exact: true }).waitFor();
    await closed.getByText('Xiran', { exact: true }).waitFor();
    expect(await closed.innerText()).toContain(`${await somaliNumber(page, 20)} cod`);
    const running = page.getByRole('article', { name: PRESIDENTIAL });
    await running.getByText('Sugitaan', { exact: true }).waitFor();
    await running.getByText('Socda', { exact: true }).waitFor();
    await main(page).getByRole('link', { name: 'Hubi rasiidhkaaga' }).waitFor();
    // An open election with public results says, in Somali, that its counts move in batches.
    const batched = page.getByRole('article', { name: YOUTH_COUNCIL }).getByTestId('batched-counts');
    expect(await batched.innerText()).toContain('tirooyinkan waxaa loo cusboonaysiiyaa qaybo');
    await expectNoEnglish(page, ['Verified', 'Pending', 'View Details', 'Full results', 'votes', 'batches']);
    for (const demo of [closed, running, page.getByRole('article', { name: YOUTH_COUNCIL })]) {
      await expectNoFallback(demo);
    }
    await fits(page);

    await go(page, '/elections');
    await main(page).getByRole('heading', { name: 'Doorashooyinka', level: 1 }).waitFor();
    await main(page).getByText('Waa in aad gashaa').waitFor();
    await main(page).getByRole('link', { name: 'Gal', exact: true }).waitFor();
    await expectNoEnglish(page, ['Authentication Required', 'Sign In']);
    await fits(page);

    await go(page, `/election/${presidential}`);
    await main(page).getByRole('heading', { name: PRESIDENTIAL, level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('so');
    const election = await query<{ startTime: string; endTime: string }>(page, 'elections.byId', {
      id: presidential,
    });
    const opens = main(page).getByText('Codbixintu waxay furmaysaa', { exact: true }).locator('..');
    expect(await opens.innerText()).toContain(await somaliElectionTime(page, election.startTime));
    const closes = main(page).getByText('Codbixintu waxay xirmaysaa', { exact: true }).locator('..');
    expect(await closes.innerText()).toContain(await somaliElectionTime(page, election.endTime));
    await main(page).getByRole('heading', { name: 'Codkaaga', level: 2 }).waitFor();
    await main(page).getByText('Gal si aad u codeyso').waitFor();
    await main(page).getByRole('heading', { name: 'Musharraxiinta', level: 2 }).waitFor();
    await main(page)
      .getByText(/^\d+ maalmood ayaa harsan$/)
      .waitFor();
    await expectNoEnglish(page, ['Voting opens', 'Your vote', 'Candidates', 'days left', 'Active']);
    // The candidates' parties, positions and biographies in Somali too.
    await main(page).getByText('Isbahaysiga Horseed').first().waitFor();
    await main(page).getByText('Dhaqaaleyahan iyo wasiirkii hore ee qorsheynta.').waitFor();
    await expectNoEnglish(page, ['Horseed Alliance', 'Midnimo Party', 'President', 'Economist']);
    await expectNoFallback(page);
    await fits(page);

    await go(page, `/results/${byElection}`);
    await main(page).getByRole('heading', { name: BY_ELECTION, level: 1 }).waitFor();
    const table = main(page).getByRole('table');
    const header = await table.getByRole('row').first().innerText();
    expect(header.split('\t').map((cell) => cell.trim())).toEqual([
      'Kaalin',
      'Musharrax',
      'Xisbi',
      'Codad',
      'Saami',
    ]);
    const rows = (await table.getByRole('row').allInnerTexts())
      .slice(1, -1)
      .map((row) => row.split('\t').map((cell) => cell.trim()));
    expect(rows[0]).toEqual([
      await somaliNumber(page, 1),
      'Hawa Abdi Salad',
      'Isbahaysiga Horseed',
      await somaliNumber(page, 10),
      `${await somaliNumber(page, 50, 1)}%`,
    ]);
    expect(rows[2]?.[4]).toBe(`${await somaliNumber(page, 10, 1)}%`);
    expect((await page.getByTestId('total-votes').textContent())?.trim()).toBe(await somaliNumber(page, 20));
    await main(page).getByText('Wadarta codadka', { exact: true }).waitFor();
    await main(page).getByText('Markii ugu dambeysay la cusboonaysiiyay').waitFor();
    await main(page).getByRole('group', { name: 'Saamiga codadka' }).waitFor();
    await main(page).getByRole('heading', { name: 'Shaxda natiijooyinka' }).waitFor();
    // The chart's text equivalent: every figure printed beside each bar.
    const chart = main(page).getByRole('list').filter({ hasText: 'Hawa Abdi Salad' });
    expect(await chart.innerText()).toContain(`${await somaliNumber(page, 10)} cod`);
    await expectNoEnglish(page, ['Total votes', 'Share of the vote', 'Results table', 'Rank', 'votes']);
    await expectNoFallback(page);
    await fits(page);

    await go(page, '/verify');
    await main(page).getByRole('heading', { name: 'Hubi rasiidhka codka', level: 1 }).waitFor();
    await main(page).getByRole('textbox', { name: 'Lambarka rasiidhka' }).waitFor();
    await main(page).getByRole('button', { name: 'Xaqiiji rasiidhka' }).waitFor();
    await main(page).getByRole('link', { name: 'Eeg natiijooyinka la xaqiijiyay' }).waitFor();
    await expectNoEnglish(page, ['Verify a Vote Receipt', 'Receipt ID', 'Looking for the counts']);
    await fits(page);
  });

  it('lets a citizen vote in an election and in the poll in Somali, with a Somali receipt', async () => {
    const page = await open();
    const email = await signUpInSomali(page);
    // The demo election is for enrolled voters and the poll for confirmed e-mail addresses.
    enrollCitizen(databasePath(), email);
    confirmEmail(databasePath(), email);

    await visit(page, '/elections');
    await main(page).getByRole('heading', { name: 'Dhammaan doorashooyinka', level: 2 }).waitFor();
    await main(page).getByRole('heading', { name: "Ra'yi ururinta madaxweynaha", level: 2 }).waitFor();
    const card = page.getByRole('article', { name: PRESIDENTIAL });
    await card.getByText('Socda', { exact: true }).waitFor();
    await card.getByText(/^\d+ maalmood ayaa harsan$/).waitFor();
    await fits(page);
    await card.getByRole('link', { name: `Codee hadda: ${PRESIDENTIAL}` }).click();
    await page.waitForURL(/\/vote\/[0-9a-f-]{36}$/);

    const submit = main(page).getByRole('button', { name: 'Dir codka' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await main(page).getByText('Dooro musharraxaaga').waitFor();
    await fits(page);
    await main(page)
      .getByRole('radio', { name: /Faadumo Ali Warsame/ })
      .click();
    await submit.click();
    // The confirm step names the choice in Somali before anything is sent.
    await main(page)
      .getByText(/^Waxaad u codaynaysaa Faadumo Ali Warsame/)
      .waitFor();
    await fits(page);
    await main(page).getByRole('button', { name: 'Xaqiiji codka' }).click();
    await page.getByText('Codka waa la diray').waitFor();
    await page.getByText('Codkaaga si guul leh ayaa loo diiwaangeliyay').waitFor();
    const receiptBox = main(page).getByRole('status').filter({ hasText: 'Codka waa la diiwaangeliyay' });
    await receiptBox
      .getByText('Waad ku mahadsan tahay codeynta! Horay ayaad codkaaga uga dhiibatay doorashadan.')
      .waitFor();
    await receiptBox.getByText('Lambarka rasiidhkaaga').waitFor();
    await receiptBox.getByRole('button', { name: 'Koobiyee lambarka rasiidhka' }).waitFor();
    const receipt = (await page.getByTestId('receipt-id').textContent())?.trim() ?? '';
    expect(receipt).toMatch(RECEIPT_PATTERN);
    await expectNoEnglish(page, ['Thank you for voting', 'Your receipt ID', 'Verify this receipt']);
    await fits(page);

    await receiptBox.getByRole('link', { name: 'Hubi rasiidhkan' }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    // The verification's own sentence: the vote page's receipt box (same title) stays on screen until the
    // /verify page's code has come, so its title alone could be found on the old page.
    const verified = main(page).getByRole('status').filter({ hasText: 'wuxuu ka tirsan yahay' });
    await verified.waitFor();
    const recorded = await query<{ recordedAt: string }>(page, 'votes.verifyReceipt', { receiptId: receipt });
    const said = await verified.innerText();
    expect(said).toContain(
      `Rasiidhka ${receipt} wuxuu ka tirsan yahay cod lagu diiwaangeliyay ${PRESIDENTIAL}`,
    );
    expect(said).toContain(await somaliElectionTime(page, recorded.recordedAt));
    await fits(page);

    await visit(page, '/polls/presidential');
    await main(page).getByRole('heading', { name: POLL_TITLE, level: 1 }).waitFor();
    await expectNoFallback(page);
    expect(await htmlLang(page)).toBe('so');
    expect(await main(page).getByRole('timer').getAttribute('aria-label')).toMatch(
      /^Ra'yi ururintu waxay xirmaysaa .+ kadib$/,
    );
    await main(page).getByText('Natiijooyinka waxaa la muujiyaa marka aad codeyso kadib.').waitFor();
    await fits(page);
    await main(page).getByRole('radio').first().click();
    await main(page).getByRole('button', { name: 'Dir codka' }).click();
    await main(page).getByRole('button', { name: 'Xaqiiji codka' }).click();
    await page.getByText('Codkaaga si guul leh ayaa loo diiwaangeliyay.').waitFor();
    await main(page).getByText('Waad ku mahadsan tahay codeynta!').waitFor();
    await main(page)
      .getByRole('heading', { name: /^Natiijooyinka ilaa hadda: / })
      .waitFor();
    const total = await main(page).getByText('Wadarta codadka:').innerText();
    // 32 seeded votes, then this citizen's (and the other viewport's citizen's, when it ran first).
    const count = Number(/Wadarta codadka:\s*(\S+)$/.exec(total)?.[1]);
    expect(count).toBeGreaterThanOrEqual(33);
    expect(total).toMatch(new RegExp(`Wadarta codadka:\\s*${await somaliNumber(page, count)}$`));
    await main(page).getByRole('list', { name: 'Natiijooyinka musharrax kasta' }).waitFor();
    await expectNoEnglish(page, ['Thank you for voting', 'Results so far', 'Total votes', 'votes']);
    await fits(page);
  });

  it('shows the poll pages and a closed poll to a visitor in Somali', async () => {
    const page = await open();
    await visit(page, '/polls/presidential');
    await main(page).getByText(shared(pollMessages.authenticationRequired)).waitFor();
    await main(page).getByText(shared(pollMessages.signInToVote)).waitFor();
    await main(page).getByRole('link', { name: 'Gal', exact: true }).waitFor();
    await main(page).getByRole('list', { name: 'Musharraxiinta' }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Dir codka' }).count()).toBe(0);
    await expectNoEnglish(page, ['Authentication Required', 'Please sign in', 'Poll closes in']);
    await fits(page);

    await go(page, '/polls/presidential/history');
    await main(page).getByRole('heading', { name: "Ra'yi ururinta", level: 1 }).waitFor();
    await main(page).getByRole('tab', { name: "Dhammaan ra'yi ururinta", selected: true }).waitFor();
    const all = main(page).getByRole('list', { name: "Dhammaan ra'yi ururinta" });
    await all.getByText('Furan', { exact: true }).first().waitFor();
    await all.getByText('Xiran', { exact: true }).first().waitFor();
    await all.getByText('Madaxweyne', { exact: true }).first().waitFor();
    await expectNoEnglish(page, ['All Polls', 'Current Poll', 'closes']);
    await fits(page);
    await main(page).getByRole('tab', { name: "Ra'yi ururinta bishan" }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'current');
    await main(page).getByText(shared(pollMessages.signInToVote)).waitFor();

    await go(page, '/polls/history');
    await main(page).getByRole('heading', { name: "Taariikhda ra'yi ururinta", level: 1 }).waitFor();
    const link = main(page)
      .getByRole('list', { name: "Ra'yi ururintii xirantay" })
      .getByRole('link', { name: POLL_TITLE })
      .last();
    const title = (await link.getByText(POLL_TITLE).innerText()).trim();
    // The seeded Somali title names its month as the site's Somali calendar does ("… – Oktoobar 2026"), the
    // month the page itself writes beside it.
    const [, monthName, year] = /– (\S+) (\d{4})$/.exec(title) ?? [];
    const monthIndex = SOMALI_MONTHS.indexOf(monthName ?? '');
    expect(monthIndex, title).toBeGreaterThanOrEqual(0);
    await i18n.changeLanguage('so');
    const somaliMonth = formatDay(`${year}-${String(monthIndex + 1).padStart(2, '0')}-15`, {
      month: 'long',
      year: 'numeric',
    });
    expect(title).toBe(`${POLL_TITLE}${somaliMonth}`);
    expect(await link.innerText()).toContain(`${somaliMonth} · waxay xirantay`);
    // The demo's poll: the list also holds other files' English-only polls.
    await expectNoFallback(link);
    await fits(page);
    await link.click();
    await page.waitForURL(/\/polls\/presidential\/history\/[0-9a-f-]{36}$/);
    await main(page)
      .getByRole('heading', { name: `Natiijooyinka kama dambaysta ah: ${somaliMonth}` })
      .waitFor();
    expect(await htmlLang(page)).toBe('so');
    await main(page).getByText('Kuwani waa natiijooyinkeeda kama dambaysta ah.', { exact: false }).waitFor();
    expect(await main(page).getByText('Wadarta codadka:').innerText()).toMatch(
      new RegExp(`Wadarta codadka:\\s*${await somaliNumber(page, 60)}$`),
    );
    await main(page).getByText('1aad', { exact: true }).waitFor();
    const results = main(page).getByRole('list', { name: 'Natiijooyinka musharrax kasta' });
    expect(await results.getByRole('listitem').first().innerText()).toMatch(/\d+\.\d%/);
    expect(await results.getByRole('listitem').first().innerText()).toMatch(/\d+ cod/);
    await expectNoEnglish(page, ['Final results', 'Total votes', '1st', 'votes', 'Poll closed']);
    await fits(page);
  });
});
