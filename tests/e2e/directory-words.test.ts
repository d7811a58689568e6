import { describe, expect, it } from 'vitest';
import { visit, waitForHydration } from './helpers/browser';
import { setupE2E } from './helpers/suite';

/** The House directory finds a member by the words of the name, and a page past the last shows the last. */

const { openPage } = setupE2E();

const TEXTS = {
  en: { search: 'Search members', lastPage: '275 members, page 12 of 12', one: '1 member' },
  so: { search: 'Raadi xildhibaannada', lastPage: '275 xildhibaan, bogga 12 ee 12', one: '1 xildhibaan' },
} as const;

describe('the House directory', () => {
  for (const language of ['en', 'so'] as const) {
    const text = TEXTS[language];
    it(`finds "sadia samatar" and shows ?page=99 as the last page (${language})`, async () => {
      const { page } = await openPage('phone', { language });
      await visit(page, '/parliament-members?page=99');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: text.lastPage, level: 2 }).waitFor();
      expect(await main.getByRole('article').count()).toBe(11);
      expect(await main.getByText(/HOP#275/).count()).toBe(1);

      await waitForHydration(page);
      await main.getByRole('searchbox', { name: text.search }).fill('sadia samatar');
      await main.getByRole('heading', { name: text.one, level: 2 }).waitFor();
      expect(await main.getByRole('article').innerText()).toContain('Sadia Yasin Haji Samatar');
    });
  }
});
