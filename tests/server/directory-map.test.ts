import { describe, expect, it } from 'vitest';
import { unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';

describe('directory.mapSettings and directory.siteSettings (public)', () => {
  it('give a visitor the defaults before an admin saves anything', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    const { map, centers } = await caller.directory.mapSettings();
    expect(map).toMatchObject({ tileUrl: expect.stringMatching(/^https:\/\//), defaultZoom: 6, markers: [] });
    expect(centers).toEqual([]);
    expect(await caller.directory.siteSettings()).toEqual({ defaultTheme: 'system' });
  });

  it('list only active centers, with district and region, and the saved map', async () => {
    const deps = createTestDeps();
    const admin = await unlockedAdmin(deps);
    const district = await admin.caller.admin.districts.create({
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
    });
    await admin.caller.admin.centers.create({
      name: 'Hodan Center',
      code: 'RC-1',
      address: 'Maka Al Mukarama Road',
      districtId: district.id,
      latitude: 2.03,
      longitude: 45.31,
    });
    await admin.caller.admin.centers.create({ name: 'No Coordinates Center', code: 'RC-2' });
    await admin.caller.admin.centers.create({ name: 'Closed Center', code: 'RC-3', isActive: false });
    await admin.caller.admin.settings.save({
      tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      attribution: 'Example tiles',
      defaultZoom: 7,
      centerLat: 2,
      centerLng: 45,
      fallbackImageUrl: '/uploads/somalia-map.webp',
      markers: [{ name: 'Mogadishu', latitude: 2.04, longitude: 45.34 }],
      defaultTheme: 'light',
    });

    const { caller } = callerFor(deps, null);
    const { map, centers } = await caller.directory.mapSettings();
    expect(map).toMatchObject({ defaultZoom: 7, fallbackImageUrl: '/uploads/somalia-map.webp' });
    expect(map.markers).toEqual([{ name: 'Mogadishu', latitude: 2.04, longitude: 45.34 }]);
    expect(centers).toEqual([
      {
        id: expect.any(String),
        name: 'Hodan Center',
        nameText: { en: 'Hodan Center', so: null },
        address: 'Maka Al Mukarama Road',
        latitude: 2.03,
        longitude: 45.31,
        // A centre that gave no hours or contact: empty, and the page says nothing of them.
        openingHours: [],
        hoursNote: null,
        hoursNoteText: { en: null, so: null },
        phone: null,
        email: null,
        districtName: 'Hodan',
        region: 'Banadir',
      },
      expect.objectContaining({ name: 'No Coordinates Center', latitude: null, districtName: null }),
    ]);
    expect(await caller.directory.siteSettings()).toEqual({ defaultTheme: 'light' });
  });
});
