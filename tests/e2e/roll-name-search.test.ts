import { closeDb, createDb } from '@server/db/client';
import { districts, voters } from '@server/db/schema';
import { canonicalVoterCardNumber } from '@shared/voter-roll';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUser } from '../helpers/voter-roll-factories';
import { choose } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { type ViewportName, visit } from './helpers/browser';
import { expectNoEnglish } from './helpers/somali';
import { setupE2E } from './helpers/suite';
import { rollTexts } from './helpers/voter-roll-texts';

const { openPage, databasePath } = setupE2E();

/**
 * A supervisor of its own and three entries sharing a surname no other run uses, written into the shared server's
 * database (no screen adds a named entry to the roll in one step): two Sadia Samatars, in two districts and two
 * statuses, spelled in two orders and with an accent, and a Sadia who is not a Samatar.
 */
async function rollWithSamatars() {
  const db = createDb(databasePath());
  try {
    const supervisor = await rollUser(db, { role: 'Enrollment Supervisor', fullName: 'Hodan Kormeer' });
    const [north, south] = db.select({ id: districts.id }).from(districts).limit(2).all();
    if (!north || !south) throw new Error('the demo roll has no districts');
    const tag = `Qx${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    // Stored canonical, as every write path of the app stores a card (the card search folds O, I and L).
    const card = () =>
      canonicalVoterCardNumber(`NS${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
    const entry = (fullName: string, districtId: string, status: 'enrolled' | 'suspended') => ({
      voterCardNumber: card(),
      fullName,
      districtId,
      status,
      source: 'registrar' as const,
    });
    db.insert(voters)
      .values([
        entry(`Samatar, Sadia ${tag}`, north.id, 'enrolled'),
        entry(`Sádia Ali Samatar ${tag}`, south.id, 'suspended'),
        entry(`Sadia Warsame ${tag}`, north.id, 'enrolled'),
      ])
      .run();
    return { supervisor, tag };
  } finally {
    closeDb(db);
  }
}

/**
 * How far the page's content is wider than its column. The header's own overflow at desktop widths, signed in, is
 * measured by the header's test; at 360 px the whole page is measured too.
 */
const contentOverflow = (page: Page) =>
  page.getByRole('main').evaluate((main) => Math.max(0, main.scrollWidth - main.clientWidth));

describe.each([
  ['en', 'phone'],
  ['en', 'desktop'],
  ['so', 'phone'],
  ['so', 'desktop'],
] as const)('a supervisor searches the roll by name (%s, %s)', (language, viewport) => {
  const text = rollTexts(language).staff.voters;
  const status = rollTexts(language).staff.status;

  it('finds a name in any order, accents aside, narrows it by status, and opens an entry', async () => {
    const { supervisor, tag } = await rollWithSamatars();
    const { page } = await openPage(viewport as ViewportName, { language });
    await signInThroughApi(page, supervisor);
    await stepUpThroughApi(page, supervisor.password);
    await visit(page, '/staff/voters');
    await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
    await page.getByText(text.byName, { exact: true }).click();

    const form = page.getByRole('form', { name: text.nameForm });
    await form.getByRole('textbox', { name: text.name }).fill(`sadia samatar ${tag.toLowerCase()}`);
    await form.getByRole('button', { name: text.search }).click();
    const results = page.getByRole('region', { name: text.results });
    await results
      .getByText(text.resultsPage_other.replace('{{page}}', '1').replace('{{count}}', '2'))
      .waitFor();
    await results.getByRole('article', { name: `Samatar, Sadia ${tag}` }).waitFor();
    await results.getByRole('article', { name: `Sádia Ali Samatar ${tag}` }).waitFor();
    expect(await results.getByRole('article').count()).toBe(2);
    expect(await contentOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await choose(page, form, text.status, status.suspended);
    await form.getByRole('button', { name: text.search }).click();
    await results
      .getByText(text.resultsPage_one.replace('{{page}}', '1').replace('{{count}}', '1'))
      .waitFor();
    expect(await results.getByRole('article').count()).toBe(1);
    await results
      .getByRole('button', { name: text.openEntry.replace('{{name}}', `Sádia Ali Samatar ${tag}`) })
      .click();
    const opened = page.getByTestId('voter-entry');
    await opened.getByRole('button', { name: text.reinstate }).waitFor();

    // A name the roll does not have says so, in the reader's language.
    await form.getByRole('textbox', { name: text.name }).fill(`nobody ${tag}`);
    await form.getByRole('button', { name: text.search }).click();
    await results.getByText(text.noneByName).waitFor();
    expect(await contentOverflow(page)).toBe(0);
    if (viewport === 'phone') expect(await horizontalOverflow(page)).toBe(0);
    if (language === 'so') await expectNoEnglish(page, ['By name', 'Any district', 'Search', 'Voters found']);
  });
});
