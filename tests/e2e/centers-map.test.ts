import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, stubTiles } from './helpers/admin';
import { visit } from './helpers/browser';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

describe('/registration-centers', () => {
  it('shows the configured map with a circle per active center and the markers', async () => {
    const { page } = await openPage();
    await stubTiles(page, 'ok');
    await visit(page, '/registration-centers');
    const map = page.getByRole('region', { name: 'Map of active registration centers' });
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    const list = page.getByRole('list').filter({ hasText: 'Registration Center' });
    // What the server has in force (other files on this server may have added centers or markers).
    const answer = await page.request.get('/trpc/directory.mapSettings');
    expect(answer.status()).toBe(200);
    const { map: settings, centers } = (await answer.json()).result.data.json as {
      map: { attribution: string; markers: unknown[] };
      centers: { latitude: number | null }[];
    };
    expect(await list.getByRole('listitem').count()).toBe(centers.length);
    expect(centers.length).toBeGreaterThan(0);
    // A circle per center with coordinates and per marker of the settings.
    const placed = centers.filter((center) => center.latitude !== null).length;
    await expect
      .poll(() => map.locator('path.leaflet-interactive').count())
      .toBe(placed + settings.markers.length);
    await map.getByText(settings.attribution).waitFor();
  });

  it('draws the map once: its buttons stay and each tile is fetched once as the page settles', async () => {
    const { page } = await openPage('phone');
    const tiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('tile.openstreetmap.org')) tiles.push(request.url());
    });
    await stubTiles(page, 'ok');
    await visit(page, '/registration-centers');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    await zoomIn.waitFor();
    const button = await zoomIn.elementHandle();
    // The session, the roll's total and the texts all answer after the map is drawn; none may draw it again.
    await page.waitForLoadState('networkidle');
    expect(await button?.evaluate((element) => element.isConnected)).toBe(true);
    expect(await zoomIn.count()).toBe(1);
    expect(tiles.length).toBeGreaterThan(0);
    expect(new Set(tiles).size).toBe(tiles.length);
  });

  it('says so, and keeps the list, when the map tiles cannot load', async () => {
    const testPage = await openPage('phone');
    const { page } = testPage;
    testPage.allowResourceError(404, 'tile.openstreetmap.org', 'the tile server has no tiles, on purpose');
    await stubTiles(page, 'down');
    await visit(page, '/registration-centers');
    await page
      .getByText('The map could not be loaded. Every active registration center is listed below.')
      .waitFor();
    expect(await page.getByRole('region', { name: 'Map of active registration centers' }).count()).toBe(0);
    await page.getByText('Baidoa District Registration Center').waitFor();
    await expectNoHorizontalScroll(page);
  });
});
