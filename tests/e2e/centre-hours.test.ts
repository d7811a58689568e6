import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, openDashboard, stubTiles, toast } from './helpers/admin';
import { axeViolations } from './helpers/axe';
import { type ViewportName, visit, waitForHydration } from './helpers/browser';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

// Unique on a server other files share.
const suffix = Date.now().toString(36).toUpperCase();
const NAME = `Hours Test Centre ${suffix}`;
const PLAIN = `No Hours Centre ${suffix}`;

// Saturday 28 November 2026, 10:00 in Mogadishu (07:00 UTC): the browser's clock for the "open now" line.
const SATURDAY_MORNING = new Date('2026-11-28T07:00:00Z');

/** Staff set a centre's week, a note in both languages, a phone and an e-mail on the dashboard's form. */
async function createCentreWithHours(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Registration Centers' }).click();
  await page.getByRole('button', { name: 'Add Center' }).click();
  const form = page.getByRole('form', { name: 'Add Registration Center' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
  await form.getByRole('textbox', { name: 'Code' }).fill(`HRS-${suffix}`);
  await form.getByRole('textbox', { name: 'Address' }).fill('Maka Al Mukarama Road, Mogadishu');
  // Far from the demo's centres, so its circle on the map is its own.
  await form.getByRole('textbox', { name: 'Latitude' }).fill('10.61');
  await form.getByRole('textbox', { name: 'Longitude' }).fill('47.37');
  for (const day of ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await form.getByRole('checkbox', { name: day, exact: true }).check();
  }
  // A time that is no time, and a closing before the opening: each field says what is wrong.
  await form.getByLabel('Thursday: closes').fill('12:00');
  await form.getByLabel('Friday: opens').fill('10:00');
  await form.getByLabel('Friday: closes').fill('09:00');
  await form.getByRole('textbox', { name: 'Contact phone' }).fill('12');
  await form.getByRole('textbox', { name: 'Contact e-mail' }).fill('not an address');
  await form.getByRole('button', { name: 'Add Center' }).click();
  await form.getByText('The closing time must be after the opening time').waitFor();
  await form.getByText(/^This is not a phone number\./).waitFor();
  await form.getByText('Please enter a valid email address').waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // Friday closed, and a phone and an address that are ones.
  await form.getByRole('checkbox', { name: 'Friday', exact: true }).uncheck();
  await form
    .getByRole('textbox', { name: 'Note on the hours', exact: true })
    .fill('Closed on public holidays');
  await form
    .getByRole('textbox', { name: 'Note on the hours in Somali' })
    .fill('Waa xiran tahay fasaxyada dowladda');
  await form.getByRole('textbox', { name: 'Contact phone' }).fill('061 5123456');
  await form.getByRole('textbox', { name: 'Contact e-mail' }).fill('Hours.Test@Example.SO');
  await form.getByRole('button', { name: 'Add Center' }).click();
  await toast(page, 'Registration center created successfully').waitFor();

  // Opened again, the form shows what was saved.
  const row = page.getByRole('row').filter({ hasText: NAME });
  await row.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Registration Center' });
  expect(await edit.getByRole('checkbox', { name: 'Friday', exact: true }).isChecked()).toBe(false);
  expect(await edit.getByLabel('Thursday: closes').inputValue()).toBe('12:00');
  expect(await edit.getByRole('textbox', { name: 'Contact phone' }).inputValue()).toBe('+252 61 512 3456');
  expect(await edit.getByRole('textbox', { name: 'Contact e-mail' }).inputValue()).toBe(
    'hours.test@example.so',
  );

  // A centre that gave none of them, created as the form would.
  const answer = await page.request.post('/trpc/admin.centers.create', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: { json: { name: PLAIN, code: `PLN-${suffix}` } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

const SEEN = {
  en: {
    status: 'Open now, until 16:00',
    heading: 'Opening hours (Mogadishu time)',
    lines: ['Saturday–Wednesday08:00–16:00', 'Thursday08:00–12:00', 'FridayClosed'],
    note: 'Closed on public holidays',
    call: 'Call +252 61 512 3456',
  },
  so: {
    status: 'Hadda waa furan tahay, ilaa 16:00',
    heading: 'Saacadaha furitaanka (waqtiga Muqdisho)',
    lines: ['Sabti–Arbaco08:00–16:00', 'Khamiis08:00–12:00', 'JimcoXiran'],
    note: 'Waa xiran tahay fasaxyada dowladda',
    call: 'Wac +252 61 512 3456',
  },
} as const;

/** A citizen reads the centre's card on /registration-centers: status, week, note, a number to tap. */
async function readCentreCard(viewport: ViewportName, language: 'en' | 'so') {
  const { page } = await openPage(viewport, { language });
  await page.clock.setFixedTime(SATURDAY_MORNING);
  await stubTiles(page, 'ok');
  await visit(page, '/registration-centers');
  await waitForHydration(page);
  const seen = SEEN[language];
  const card = page.getByTestId('centre').filter({ hasText: NAME });
  await expect.poll(() => card.getByTestId('centre-status').textContent()).toBe(seen.status);
  await card.getByText(seen.heading).waitFor();
  const lines = await card.locator('dl > div').allTextContents();
  expect(lines).toEqual(seen.lines);
  await card.getByText(seen.note).waitFor();
  const call = card.getByRole('link', { name: seen.call });
  expect(await call.getAttribute('href')).toBe('tel:+252615123456');
  expect(await card.getByRole('link', { name: 'hours.test@example.so' }).getAttribute('href')).toBe(
    'mailto:hours.test@example.so',
  );
  const box = await call.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  if (viewport === 'phone') await expectNoHorizontalScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  return page;
}

describe('registration centres’ opening hours and contact', () => {
  // The tests below read the centre this one creates.
  it('staff set them on the dashboard, each bad field refused with its sentence', async () => {
    const { page } = await openPage();
    await createCentreWithHours(page);
  });

  it.each([
    ['phone', 'en'],
    ['phone', 'so'],
    ['desktop', 'en'],
    ['desktop', 'so'],
  ] as const)('a citizen reads them at %s width in %s', async (viewport, language) => {
    await readCentreCard(viewport, language);
  });

  it('the map’s popup gives the same status, week and number; a centre without them shows none', async () => {
    const page = await readCentreCard('desktop', 'en');
    const plain = page.getByTestId('centre').filter({ hasText: PLAIN });
    await plain.waitFor();
    expect(await plain.getByText(/Opening hours|Closed|Open now/).count()).toBe(0);
    expect(await plain.getByRole('link').count()).toBe(0);

    // Each circle's popup in turn, until this centre's.
    const map = page.getByRole('region', { name: 'Map of active registration centers' });
    const circles = map.locator('path.leaflet-interactive');
    await expect.poll(() => circles.count()).toBeGreaterThan(0);
    // A closing popup lingers while it fades: this centre's popup is the one with its name.
    const popup = map.locator('.leaflet-popup-content').filter({ hasText: NAME });
    for (let index = 0; index < (await circles.count()) && (await popup.count()) === 0; index += 1) {
      await circles.nth(index).dispatchEvent('click');
    }
    expect(await popup.count()).toBe(1);
    const text = (await popup.textContent()) ?? '';
    expect(text).toContain('Open now, until 16:00');
    expect(text).toContain('Saturday–Wednesday: 08:00–16:00');
    expect(text).toContain('Friday: Closed');
    expect(text).toContain('Closed on public holidays');
    expect(await popup.getByRole('link', { name: 'Call +252 61 512 3456' }).getAttribute('href')).toBe(
      'tel:+252615123456',
    );
  });
});
