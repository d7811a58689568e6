import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { portrait } from '../helpers/photo-source';
import { stubTiles } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { visit, waitForHydration } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage, origin } = setupE2E();

/** Names of the House members given a photo in beforeAll (the demo seed has none). */
let withPhotos: string[] = [];

beforeAll(async () => {
  const { page } = await openPage();
  await signInThroughApi(page, DEMO_ADMIN);
  await stepUpThroughApi(page, DEMO_ADMIN.password);
  const answer = await page.request.get(
    `/trpc/directory.members?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} } }))}`,
  );
  const [item] = (await answer.json()) as [
    { result: { data: { json: { items: { id: string; name: string }[] } } } },
  ];
  const members = item.result.data.json.items.slice(0, 3);
  expect(members.length).toBe(3);
  for (const [index, member] of members.entries()) {
    const upload = await page.request.post(`/api/admin/member-photos/parliament/${member.id}/image`, {
      headers: { origin: origin() },
      multipart: {
        image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await portrait(index + 1) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  withPhotos = members.map((member) => member.name);
});

/** Requests the page itself makes whose URL matches (the service worker's own fetches left out). */
function countRequests(page: Page, pattern: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (!request.serviceWorker() && pattern.test(request.url())) seen.push(request.url());
  });
  return seen;
}

const setDataSaver = (page: Page, value: 'on' | 'off') =>
  page.addInitScript((setting) => window.localStorage.setItem('data-saver', setting), value);

const PHOTOS = /\/uploads\/photos\//;
const TILES = /tile\.openstreetmap\.org/;

async function openDirectory(page: Page) {
  await visit(page, '/parliament-members');
  await page
    .getByText(withPhotos[0] ?? '', { exact: true })
    .first()
    .waitFor();
}

describe('data saver', () => {
  it('shows initials and requests no member photo when on', async () => {
    const { page } = await openPage('phone');
    await setDataSaver(page, 'on');
    const photos = countRequests(page, PHOTOS);
    await openDirectory(page);
    await page.mouse.wheel(0, 2000);
    await page
      .getByText(withPhotos[2] ?? '', { exact: true })
      .first()
      .scrollIntoViewIfNeeded();
    // Photos are drawn only once the page has hydrated (the server's HTML has initials): checked after that.
    await waitForHydration(page);
    expect(await page.locator('main img[src*="/uploads/photos/"]').count()).toBe(0);
    expect(photos).toEqual([]);
  });

  it('downloads sized, lazy WebP photos when off', async () => {
    const { page } = await openPage('phone');
    await setDataSaver(page, 'off');
    const photos = countRequests(page, PHOTOS);
    await openDirectory(page);
    const photo = page.locator('main img[src*="/uploads/photos/"]').first();
    await photo.waitFor();
    await expect.poll(() => photos.length).toBeGreaterThan(0);
    expect(await photo.getAttribute('loading')).toBe('lazy');
    expect(await photo.getAttribute('width')).toMatch(/^\d+$/);
    expect(await photo.getAttribute('height')).toMatch(/^\d+$/);
    const response = await page.request.get(String(await photo.getAttribute('src')));
    expect(response.headers()['content-type']).toBe('image/webp');
  });

  it('follows Save-Data when the reader has not chosen, and the header menu switches it', async () => {
    const { page } = await openPage();
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
      });
    });
    const photos = countRequests(page, PHOTOS);
    await openDirectory(page);
    // Checked once the page has hydrated: before, the server's HTML has no photo whatever the setting.
    await waitForHydration(page);
    expect(await page.locator('main img[src*="/uploads/photos/"]').count()).toBe(0);
    expect(photos).toEqual([]);

    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitem', { name: 'Data saver: On' }).click();
    await page.locator('main img[src*="/uploads/photos/"]').first().waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('data-saver'))).toBe('off');
  });

  it('shows the registration centers as a list without map tiles when on', async () => {
    const { page } = await openPage('phone');
    await stubTiles(page, 'ok');
    await setDataSaver(page, 'on');
    const tiles = countRequests(page, TILES);
    await visit(page, '/registration-centers');
    await page.getByRole('status').filter({ hasText: 'Data saver is on' }).waitFor();
    await page.getByRole('heading', { name: /Active registration centers/ }).waitFor();
    expect(await page.getByTestId('centers-map').count()).toBe(0);
    expect(tiles).toEqual([]);

    // The drawer's switch turns it off: the map and its tiles come.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('switch', { name: 'Data saver' }).click();
    await drawer.getByRole('switch', { name: 'Data saver', checked: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('centers-map').waitFor();
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
  });
});
