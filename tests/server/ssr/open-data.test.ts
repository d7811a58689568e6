import enTexts from '@client/i18n/locales/en/openData.json';
import soTexts from '@client/i18n/locales/so/openData.json';
import { DATASET_NAMES } from '@shared/schemas/open-data';
import { describe, expect, it } from 'vitest';
import { openDataWorld } from '../../helpers/open-data-factories';
import { firstHeading, metaContent, rootMarkup, serverRenderingApps } from '../../helpers/ssr';

/**
 * /open-data is rendered on the server like the other public pages: its HTML, without any script,
 * holds the heading, every dataset with its download links, the API reference and the election record's
 * section and how to check a verifiable election, in the reader's language, and never a hidden result.
 */
const openApp = serverRenderingApps();

/** Text as React's server renderer writes it into HTML (it escapes &, <, >, " and '). */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('the /open-data page on the server', () => {
  it.each([
    ['en', enTexts],
    ['so', soTexts],
  ] as const)('lists every dataset, the API and the record in %s', async (language, texts) => {
    const test = await openApp();
    openDataWorld(test.db);
    const answer = await test.app.inject({ url: '/open-data', headers: { cookie: `lang=${language}` } });
    expect(answer.statusCode).toBe(200);
    const page = answer.body;
    const root = rootMarkup(page);
    expect(firstHeading(page)).toBe(texts.title);
    expect(metaContent(page, 'description')).toBe(texts.metaDescription);
    for (const name of DATASET_NAMES) {
      expect(root).toContain(html(texts.dataset[name]));
      expect(root).toContain(`href="/api/v1/datasets/${name}.json"`);
      expect(root).toContain(`href="/api/v1/datasets/${name}.csv"`);
    }
    expect(root).toContain(html(texts.datasetsTitle));
    expect(root).toContain('GET /api/v1/elections/{id}/results');
    expect(root).toContain(html(texts.route.electionResults));
    expect(root).toContain('id="election-record"');
    expect(root).toContain(html(texts.recordTitle));
    expect(root).toContain('href="/verify"');
    // How to check a verifiable election with belenios-tool, in the same language.
    expect(root).toContain('id="verifiable-election"');
    expect(root).toContain(html(texts.verifiableTitle));
    expect(root).toContain(html(texts.verifiableIntro));
    expect(root).toContain('belenios-tool election verify --dir election');
    expect(root).toContain('belenios-tool election compute-result --dir election');
    expect(root).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
    expect(root).not.toContain('HIDDEN');
  });

  it('is linked from the footer of every page', async () => {
    const test = await openApp();
    const answer = await test.app.inject({ url: '/about' });
    expect(rootMarkup(answer.body)).toContain('href="/open-data"');
  });
});

describe('an election results page', () => {
  it.each(['en', 'so'] as const)('links to /open-data in %s', async (language) => {
    const test = await openApp();
    const world = openDataWorld(test.db);
    const answer = await test.app.inject({
      url: `/results/${world.publicElection.id}`,
      headers: { cookie: `lang=${language}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(rootMarkup(answer.body)).toContain('href="/open-data"');
  });
});
