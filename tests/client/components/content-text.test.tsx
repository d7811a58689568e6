import { ContentText, MissingLanguages } from '@client/components/content/ContentText';
import { ResultsTable } from '@client/components/elections/ResultsTable';
import type { Language } from '@client/i18n/language';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../render';

/**
 * Texts staff write are shown in the reader's language, else in the other one, marked with its `lang` and a note
 * naming it (docs/decisions/021-bilingual-content.md).
 */
const both = { en: 'Unity Party', so: 'Xisbiga Midnimada' };
const englishOnly = { en: 'Unity Party', so: null };

async function show(text: { en: string | null; so: string | null }, language: Language) {
  const view = await renderWithApp(
    <p data-testid="text">
      <ContentText text={text} />
    </p>,
    { language, namespaces: ['common'] },
  );
  return { ...view, text: screen.getByTestId('text') };
}

describe('ContentText', () => {
  it("shows the reader's language, unmarked", async () => {
    expect((await show(both, 'so')).text.textContent).toBe('Xisbiga Midnimada');
  });

  it('shows the English on a Somali page, in its own language and marked', async () => {
    const { text } = await show(englishOnly, 'so');
    expect(text.textContent).toBe('Unity Party (Ingiriisi)');
    expect(text.querySelector('[lang="en"]')?.textContent).toBe('Unity Party');
  });

  it('shows the Somali on an English page, marked', async () => {
    const { text } = await show({ en: null, so: 'Xisbiga Midnimada' }, 'en');
    expect(text.textContent).toBe('Xisbiga Midnimada (in Somali)');
    expect(text.querySelector('[lang="so"]')).not.toBeNull();
  });

  it("gives a results table's party in the reader's language", async () => {
    await renderWithApp(
      <ResultsTable
        total={3}
        rows={[
          {
            candidateId: 'a',
            name: 'Hodan Warsame',
            party: 'Unity Party',
            partyText: both,
            votes: 2,
            percentage: 66.67,
          },
          {
            candidateId: 'b',
            name: 'Abdi Farah',
            party: 'Green',
            partyText: { en: 'Green', so: null },
            votes: 1,
            percentage: 33.33,
          },
        ]}
      />,
      { language: 'so', namespaces: ['elections', 'common'] },
    );
    expect(screen.getByText('Xisbiga Midnimada')).toBeTruthy();
    expect(screen.getByText('Green').getAttribute('lang')).toBe('en');
  });
});

describe('MissingLanguages', () => {
  let rendered = 0;
  const badges = async (texts: { en: string | null; so: string | null }[], language: Language) => {
    rendered += 1;
    const id = `entry-${rendered}`;
    await renderWithApp(
      <div data-testid={id}>
        <MissingLanguages texts={texts} />
      </div>,
      { language, namespaces: ['common'] },
    );
    return [...screen.getByTestId(id).querySelectorAll('[data-missing-language]')].map(
      (badge) => badge.textContent,
    );
  };

  it("marks an entry with a text still to translate, in the staff member's language", async () => {
    expect(await badges([both, englishOnly], 'en')).toEqual(['No Somali']);
    expect(await badges([{ en: null, so: 'Xisbiga' }, englishOnly], 'so')).toEqual([
      'Ingiriisi ma leh',
      'Af-Soomaali ma leh',
    ]);
  });

  it('marks nothing when every written text has both languages, or an optional one is left out', async () => {
    expect(await badges([both, { en: null, so: null }], 'en')).toEqual([]);
  });
});
