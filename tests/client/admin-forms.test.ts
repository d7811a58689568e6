import { loadNamespaces } from '@client/i18n';
import { formatNewValues } from '@client/pages/admin/audit/audit-format';
import { EMPTY_SETTINGS, newMarker, validateSettings } from '@client/pages/admin/settings/settings-form';
import { beforeAll, describe, expect, it } from 'vitest';

describe('formatNewValues', () => {
  it('shows one "key: value" line per field, strings unquoted', () => {
    expect(formatNewValues('{"name":"Hodan","population":null,"markers":[{"name":"A"}]}')).toBe(
      'name: Hodan\npopulation: null\nmarkers: [{"name":"A"}]',
    );
  });

  it('keeps anything that is not a JSON object readable', () => {
    expect(formatNewValues(null)).toBe('');
    expect(formatNewValues('not json')).toBe('not json');
    expect(formatNewValues('[1,2]')).toBe('[1,2]');
  });
});

describe('validateSettings', () => {
  // The messages are the errors namespace's, which loads on demand (as in the browser): waited for, not raced.
  beforeAll(() => loadNamespaces('errors'));
  const valid = {
    ...EMPTY_SETTINGS,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    centerLat: 5.2,
    centerLng: 46.2,
  };
  // The form passes the sentence in the reader's language.
  const ENTER_NUMBER = 'Enter a number';

  it('accepts a complete form', () => {
    expect(validateSettings(valid, ENTER_NUMBER)).toEqual({});
  });

  it('says "Enter a number" for empty number fields, including a marker’s', () => {
    const marker = { ...newMarker(), name: 'Baidoa', latitude: 3.1 };
    expect(validateSettings({ ...valid, centerLat: '', markers: [marker] }, ENTER_NUMBER)).toEqual({
      centerLat: 'Enter a number',
      'markers.0.longitude': 'Enter a number',
    });
  });

  it('uses the shared schema’s messages for zoom and the tile URL', () => {
    expect(validateSettings({ ...valid, defaultZoom: 19 }, ENTER_NUMBER).defaultZoom).toBe(
      'Zoom must be from 1 to 18',
    );
    expect(validateSettings({ ...valid, tileUrl: 'http://x/{z}/{x}/{y}' }, ENTER_NUMBER).tileUrl).toBe(
      'Tile URL must be https and contain {z}, {x} and {y}',
    );
  });
});
