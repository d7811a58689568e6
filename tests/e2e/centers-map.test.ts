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
    const centers = await list.getByRole('listitem').count();
    expect(centers).toBeGreaterThan(0);
    // Every seeded center has coordinates; the settings add the Mogadishu marker.
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(centers + 1);
    await map.getByText('© OpenStreetMap contributors').waitFor();
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
