import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPage, type PhotoSourceServer, portrait, startPhotoSource } from '../helpers/photo-source';
import { choose, expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

// The parliament's site is played by a local server; the built server is pointed at it through its env.
let source: PhotoSourceServer;

beforeAll(async () => {
  const image = (hue: number) => portrait(hue).then((body) => ({ body, type: 'image/jpeg', delayMs: 300 }));
  source = await startPhotoSource({
    '/members/': {
      body: listingPage([
        { name: 'Hon. Aden Mohamed Nur', image: '/img/aden.jpg' },
        { name: 'Sadia Yasin Haji Samatar, MP', image: '/img/sadia.jpg' },
        { name: 'Hamza Abdi Barre', image: '/img/hamza.jpg' },
        { name: 'Someone Not In The House', image: '/img/someone.jpg' },
      ]),
    },
    '/senate/': { body: listingPage([{ name: 'Sen. Abdi Hashi Abdullahi', image: '/img/abdi.jpg' }]) },
    '/img/aden.jpg': await image(1),
    '/img/sadia.jpg': await image(2),
    '/img/hamza.jpg': await image(3),
    '/img/someone.jpg': await image(4),
    '/img/abdi.jpg': await image(5),
    '/img/override.jpg': await image(6),
  });
});

// After the photo source above: its beforeAll runs first, so the server's env can name its address.
const { openPage } = setupE2E({
  ownServer: {
    because:
      'its server copies photos from the local photo source (PARLIAMENT_SOURCE_URL, SENATE_SOURCE_URL)',
    env: () => ({
      PARLIAMENT_SOURCE_URL: `${source.origin}/members/`,
      SENATE_SOURCE_URL: `${source.origin}/senate/`,
    }),
  },
});

afterAll(async () => {
  await source?.close();
});

describe('member photos admin', () => {
  it('starts a refresh job, follows its progress to completion, and shows the copied photos', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    await visit(page, '/admin/data-tools/member-photos');
    await page.getByRole('heading', { name: 'Member Photos', level: 1 }).waitFor();
    await page.getByText('No photo jobs have run yet.').waitFor();

    await page.getByRole('button', { name: 'Refresh all photos' }).click();
    await toast(page, 'Photo job started').waitFor();
    const job = page.getByRole('article', { name: 'Full refresh job' }).first();
    // While it runs the other button waits; at the end the bar says every member was processed.
    await job
      .getByTestId('job-progress')
      .filter({ hasText: '5 of 5 members (100%)' })
      .waitFor({ timeout: 20_000 });
    await job.getByText('completed', { exact: true }).waitFor();
    await toast(page, 'Photo job completed').waitFor();
    expect(await job.getByTestId('job-successfulUpdates').innerText()).toBe('4');
    expect(await job.getByTestId('job-unmatchedMembers').innerText()).toBe('1');
    expect(
      await job.getByRole('progressbar', { name: 'Full refresh progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await job
      .getByText('No member matches “Someone Not In The House” on the House of the People source', {
        exact: false,
      })
      .waitFor();
    expect(source.requests).toContain('/img/aden.jpg');

    // The members list now shows the copied photos, from our own storage.
    await choose(page, page.locator('body'), 'Processing status', 'completed');
    const table = page.getByRole('table', { name: 'Member photos' });
    const aden = table.getByRole('row').filter({ hasText: 'Aden Mohamed Nur (Madobe)' });
    // The filter refetches: wait for the filtered list rather than the first rows that show.
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(5);
    await aden.waitFor();
    const src = await aden.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/photos\/parliament-.+\.webp\?v=\d+$/);
    expect(await aden.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );

    // The public directory uses the same photo.
    await visit(page, '/parliament-members?search=Aden');
    const card = page.getByRole('article', { name: 'Aden Mohamed Nur (Madobe)' });
    expect(await card.locator('img').getAttribute('src')).toBe(src);
  });

  it('sets a manual override from a web address and clears it after confirmation', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    await visit(page, '/admin/data-tools/member-photos');
    await page.getByRole('textbox', { name: 'Search members' }).fill('Hamza');
    const row = page
      .getByRole('table', { name: 'Member photos' })
      .getByRole('row')
      .filter({ hasText: 'Hamza Abdi Barre' });
    await row.getByRole('button', { name: 'Set manual override for Hamza Abdi Barre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual override for Hamza Abdi Barre' });
    const form = dialog.getByRole('form', { name: 'Override from a web address' });
    await form.getByRole('button', { name: 'Save override' }).click();
    await form.getByText('Please enter the address of the photo.').waitFor();
    await form.getByRole('textbox', { name: 'Photo address' }).fill(`${source.origin}/img/override.jpg`);
    await form.getByRole('button', { name: 'Save override' }).click();
    await toast(page, 'Manual override updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Manual override').waitFor();
    await expect
      .poll(() => row.locator('img').getAttribute('src'))
      .toMatch(/-override-[0-9a-f]{16}\.webp\?v=\d+$/);

    await row.getByRole('button', { name: 'Clear manual override for Hamza Abdi Barre' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear manual override?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Clear manual override for Hamza Abdi Barre' }).click();
    await confirm.getByRole('button', { name: 'Clear override' }).click();
    await toast(page, 'The manual override of Hamza Abdi Barre was cleared.').waitFor();
    await row.getByText('pending', { exact: true }).waitFor();

    // An uploaded file works the same way (once the first toast with the same words has gone).
    await toast(page, 'The photo of Hamza Abdi Barre was updated.').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Set manual override for Hamza Abdi Barre' }).click();
    await dialog.getByText('Upload a file').click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose an image' }).click();
    await (await chooser).setFiles({ name: 'hamza.jpg', mimeType: 'image/jpeg', buffer: await portrait(7) });
    await dialog.getByRole('img', { name: 'Preview of the new photo of Hamza Abdi Barre' }).waitFor();
    await dialog.getByRole('button', { name: 'Upload override' }).click();
    await toast(page, 'The photo of Hamza Abdi Barre was updated.').waitFor();
    await row.getByText('Manual override').waitFor();
  });

  it('adds and deletes a name alias, and lists the jobs with their logs', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    await visit(page, '/admin/data-tools/name-aliases');
    const form = page.getByRole('form', { name: 'Add name alias' });
    await form.getByRole('button', { name: 'Add alias' }).click();
    await form.getByText('Please enter the name as the source spells it.').waitFor();
    await form.getByRole('textbox', { name: 'Name on the source' }).fill('Someone Not In The House');
    await form.getByRole('combobox', { name: 'Member' }).fill('Mahad');
    await page.getByRole('option', { name: /^Mahad Salad/ }).click();
    await form.getByRole('button', { name: 'Add alias' }).click();
    await toast(page, 'Name alias added').waitFor();
    const row = page
      .getByRole('table', { name: 'Name aliases' })
      .getByRole('row')
      .filter({ hasText: 'Someone Not In The House' });
    await row.getByText('Mahad Salad').waitFor();
    await row.getByRole('button', { name: 'Delete alias Someone Not In The House' }).click();
    await page
      .getByRole('dialog', { name: 'Delete name alias?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Name alias deleted').waitFor();
    await row.waitFor({ state: 'detached' });

    await visit(page, '/admin/data-tools/photo-jobs');
    await page.getByRole('button', { name: 'Show details' }).first().click();
    await page
      .getByRole('table', { name: 'Photos written by this job' })
      .getByText('Sadia Yasin Haji Samatar')
      .waitFor();
  });

  it('fits a 360 px phone on all three pages', async () => {
    const { page } = await openPage('phone');
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    for (const path of [
      '/admin/data-tools/member-photos',
      '/admin/data-tools/photo-jobs',
      '/admin/data-tools/name-aliases',
    ]) {
      await visit(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
    }
  });
});
