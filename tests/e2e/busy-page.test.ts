import { expect, test } from 'vitest';
import { visit } from './helpers/browser';
import { serverPage } from './helpers/served-page';
import { setupE2E } from './helpers/suite';

const e2e = setupE2E({
  ownServer: { because: 'it spends the render budget, which every page of a server shares' },
});

/** Rounds of new addresses (a junk query string each) until the server has answered some with the busy page. */
async function spendRenderBudget(origin: string, tag: string): Promise<number> {
  let busy = 0;
  for (let round = 0; round < 4; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${origin}/senators?${tag}=${round}-${i}`)),
    );
    busy += answers.filter((answer) => answer.status === 503).length;
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
  }
  return busy;
}

test('a reader sent the busy page gets their page when it reloads itself', async () => {
  const { page } = await e2e.openPage();
  const navigations: number[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest()) navigations.push(response.status());
  });
  const spending = spendRenderBudget(e2e.origin(), 'junk');
  await new Promise((resolveWait) => setTimeout(resolveWait, 300));
  await visit(page, '/senators?reader=1');
  expect(await spending).toBeGreaterThan(0);
  expect(navigations[0]).toBe(503);
  expect(navigations.at(-1)).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Senate');
});

test('a page fetched without a browser is served once the busy page has been followed', async () => {
  const spending = spendRenderBudget(e2e.origin(), 'flood');
  await new Promise((resolveWait) => setTimeout(resolveWait, 300));
  const served = await serverPage(e2e.origin(), '/senators?reader=2', 'en');
  expect(await spending).toBeGreaterThan(0);
  expect(served.h1).toContain('Senate');
});
