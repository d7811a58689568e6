import { regionsOfState } from '@shared/region-states';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDashboard, stubTiles } from './helpers/admin';
import { visit } from './helpers/browser';
import { DEMO_TITLES } from './helpers/demo-elections';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const PRESIDENTIAL = DEMO_TITLES.presidential.en;
const BY_ELECTION = 'Hirshabelle State Assembly By-election';
const YOUTH_COUNCIL = 'Banadir Youth Council Election';

/** An election's id, read from its "View Details" link on /verified-results. */
async function electionId(page: Page, title: string): Promise<string> {
  await visit(page, '/verified-results');
  const href = await page
    .getByRole('article', { name: title })
    .getByRole('link', { name: 'View Details' })
    .getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`no details link for ${title} on /verified-results`);
  return id;
}

const number = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

// Other files on this server may enrol voters, so the eligible count is read, never assumed: the checks are
// that the page's figures agree with each other (votes / eligible = the percentage shown).
describe('turnout on the results pages', () => {
  it('shows votes / eligible voters beside the closed by-election’s counts, in English and Somali', async () => {
    const { page } = await openPage();
    const id = await electionId(page, BY_ELECTION);
    const line = await page.getByRole('article', { name: BY_ELECTION }).getByTestId('turnout').innerText();
    expect(line).toMatch(/^Turnout \d+(\.\d)?% \(20 of [\d,]+ eligible voters\)$/);

    await visit(page, `/results/${id}`);
    // Both figures read at one moment, once the page has settled (another file may enrol a voter meanwhile).
    await page.getByText(/^20 of [\d,]+ eligible voters$/).waitFor();
    await page.waitForLoadState('networkidle');
    const [shown, detail] = await page.evaluate(() => [
      document.querySelector('[data-testid="turnout"]')?.textContent ?? '',
      [...document.querySelectorAll('main *')]
        .map((element) => element.textContent ?? '')
        .find((text) => /^20 of [\d,]+ eligible voters$/.test(text)) ?? '',
    ]);
    const percentage = number(shown);
    const eligible = number(detail.split(' of ')[1]);
    expect(eligible).toBeGreaterThan(20);
    // A voter enrolled by another file between the page's two figures' moments moves the roll by one.
    const agrees = [eligible - 1, eligible].some((count) => Math.abs(percentage - (20 / count) * 100) < 0.05);
    expect(agrees, `${percentage}% for 20 of ${eligible}`).toBe(true);
    // A state's by-election: its base is the voters enrolled in the state's two regions, not the whole roll.
    const counts = await page.context().request.get('/trpc/enrollment.countsByRegion');
    const { regions, total } = (await counts.json()).result.data.json as {
      regions: { region: string; enrolledVoters: number }[];
      total: number;
    };
    const inState = regions
      .filter((row) => (regionsOfState('hirshabelle') as string[]).includes(row.region))
      .reduce((sum, row) => sum + row.enrolledVoters, 0);
    expect(
      Math.abs(eligible - inState),
      `${eligible} eligible, ${inState} enrolled in Hirshabelle`,
    ).toBeLessThanOrEqual(1);
    expect(eligible).toBeLessThan(total);

    const somali = await openPage('desktop', { language: 'so' });
    await visit(somali.page, `/results/${id}`);
    await somali.page.getByText('Ka qaybgalka codbixinta', { exact: true }).waitFor();
    await somali.page.getByText(/^20 ka mid ah [\d,]+ codbixiye oo xaq u leh$/).waitFor();
  });

  it('counts a running election’s published batch only, and shows no turnout where results are hidden', async () => {
    const { page } = await openPage();
    const youth = await electionId(page, YOUTH_COUNCIL);
    const presidential = await electionId(page, PRESIDENTIAL);
    expect(await page.getByRole('article', { name: PRESIDENTIAL }).getByTestId('turnout').count()).toBe(0);
    await visit(page, `/results/${youth}`);
    await page.getByTestId('turnout').waitFor();
    // The published batch holds 20 of the demo's 24 votes: turnout is of those 20, as the total beside it.
    expect((await page.getByTestId('total-votes').textContent())?.trim()).toBe('20');
    await page.getByText(/^20 of [\d,]+ eligible voters$/).waitFor();
    await visit(page, `/results/${presidential}`);
    await page.getByText('Results are not published yet').waitFor();
    expect(await page.getByTestId('turnout').count()).toBe(0);
  });

  it('gives the admin turnout per region for an election of enrolled voters', async () => {
    const { page } = await openPage();
    const id = await electionId(page, PRESIDENTIAL);
    await openDashboard(page);
    await visit(page, `/admin/elections/${id}/results`);
    const overall = await page.getByTestId('turnout-overall').innerText();
    expect(overall).toMatch(/^Turnout: \d+(\.\d)?% \(\d+ of [\d,]+ eligible voters\)$/);
    const rows = page.getByTestId('turnout-regions').getByRole('row');
    // A header row and the 18 regions; the demo's presidential voters are enrolled in Banadir.
    expect(await rows.count()).toBe(19);
    const banadir = (await rows.filter({ hasText: 'Banadir' }).innerText())
      .split('\t')
      .map((cell) => cell.trim());
    expect(banadir[0]).toBe('Banadir');
    expect(number(banadir[2])).toBeGreaterThanOrEqual(24);
    expect(number(banadir[3])).toBeCloseTo((number(banadir[2]) / number(banadir[1])) * 100, 1);
  });
});

describe('enrolled voters in public', () => {
  it('lists the 18 regions with their enrolled voters on /regions and the total on /registration-centers', async () => {
    const { page } = await openPage();
    await visit(page, '/regions');
    await page.getByRole('heading', { name: 'Enrolled voters by region' }).waitFor();
    const regions = page.getByTestId('enrolled-region');
    await regions.first().waitFor();
    expect(await regions.count()).toBe(18);
    const lines = await regions.allInnerTexts();
    for (const line of lines) expect(line).toMatch(/\nEnrolled voters: [\d,]+$/);
    const total = number(await page.getByTestId('enrolled-total').textContent());
    expect(lines.reduce((sum, line) => sum + number(line.split(': ')[1]), 0)).toBe(total);

    await stubTiles(page, 'ok');
    await visit(page, '/registration-centers');
    expect((await page.getByTestId('enrolled-total').innerText()).trim()).toMatch(
      /^Enrolled voters: [\d,]+$/,
    );

    const somali = await openPage('desktop', { language: 'so' });
    await visit(somali.page, '/regions');
    await somali.page.getByRole('heading', { name: 'Codbixiyeyaasha diiwaangashan gobol kasta' }).waitFor();
    await somali.page.getByText(/^Codbixiyeyaasha diiwaangashan dhammaan gobollada: [\d,]+$/).waitFor();
  });
});
