import { ElectionResults } from '@client/components/elections/ElectionResults';
import type { Language } from '@client/i18n/language';
import { tallyResults } from '@shared/election-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../render';

/**
 * Results (docs/product.md#results-pages): shares to one decimal, the stacked bar whose sections under 5% carry no
 * label, the leader named only when one candidate is ahead alone, ranks shared by ties, and "No Votes Cast" at zero.
 */
function results(votes: Record<string, number>) {
  return tallyResults(
    Object.entries(votes).map(([name, count], index) => ({
      candidateId: `c${index}`,
      name,
      party: index === 0 ? 'Midnimo' : null,
      partyText: { en: index === 0 ? 'Midnimo' : null, so: null },
      votes: count,
    })),
  );
}

function renderResults(votes: Record<string, number>, language: Language = 'en') {
  return renderWithApp(
    <ElectionResults results={results(votes)} lastUpdated={new Date('2026-07-03T11:00:00Z')} />,
    { language, namespaces: ['elections'] },
  );
}

const bar = () => screen.getByRole('group', { name: 'Share of the vote' });
const sections = () => within(bar()).getAllByRole('progressbar');

describe('results bar and table', () => {
  it('shows each share to one decimal, labelled in the bar from 5% up', async () => {
    await renderResults({ 'Hodan Warsame': 396, 'Abdi Farah': 350, 'Sahra Nuur': 220, 'Omar Ali': 34 });
    expect(sections().map((section) => section.getAttribute('aria-label'))).toEqual([
      'Hodan Warsame: 39.6%',
      'Abdi Farah: 35.0%',
      'Sahra Nuur: 22.0%',
      'Omar Ali: 3.4%',
    ]);
    // The 3.4% section is too narrow for its label.
    expect(sections().map((section) => section.textContent)).toEqual(['39.6%', '35.0%', '22.0%', '']);
    expect(screen.getByTestId('total-votes').textContent).toBe('1,000');
    expect(screen.getByText('Last updated').nextElementSibling?.textContent).toBe('3 Jul 2026, 14:00 EAT');
  });

  it('names the leader', async () => {
    await renderResults({ 'Hodan Warsame': 3, 'Abdi Farah': 1 });
    expect(screen.getByText(/^Most votes/).textContent).toBe('Most votes: Hodan Warsame');
  });

  it('names no leader in a tie, and ties share a rank', async () => {
    await renderResults({ 'Hodan Warsame': 2, 'Abdi Farah': 2, 'Sahra Nuur': 1 });
    expect(screen.queryByText(/^Most votes/)).toBeNull();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RankCandidatePartyVotesShare',
      '1Hodan WarsameMidnimo240.0%',
      '1Abdi Farah—240.0%',
      '3Sahra Nuur—120.0%',
      'Total5100%',
    ]);
  });

  it('leaves out a candidate with no votes from the bar', async () => {
    await renderResults({ 'Hodan Warsame': 5, 'Abdi Farah': 0 });
    expect(sections().map((section) => section.getAttribute('aria-label'))).toEqual([
      'Hodan Warsame: 100.0%',
    ]);
  });

  it('says No Votes Cast, with no bar and no leader, when nobody voted', async () => {
    await renderResults({ 'Hodan Warsame': 0, 'Abdi Farah': 0 });
    expect(screen.getByRole('status').textContent).toBe('No Votes Cast');
    expect(screen.queryByRole('group', { name: 'Share of the vote' })).toBeNull();
    expect(screen.queryByText(/^Most votes/)).toBeNull();
    expect(screen.getByTestId('total-votes').textContent).toBe('0');
    const total = within(screen.getByRole('table')).getAllByRole('row').at(-1);
    expect(total?.textContent).toBe('Total0—');
  });

  it('says it in Somali', async () => {
    await renderResults({ 'Hodan Warsame': 3, 'Abdi Farah': 1 }, 'so');
    const somaliBar = screen.getByRole('group', { name: 'Saamiga codadka' });
    expect(
      within(somaliBar)
        .getAllByRole('progressbar')
        .map((section) => section.textContent),
    ).toEqual(['75.0%', '25.0%']);
    expect(screen.getByText(/^Codadka ugu badan/).textContent).toBe('Codadka ugu badan: Hodan Warsame');
    const chart = screen.getByRole('heading', { name: 'Codadka musharrax kasta' }).nextElementSibling;
    expect([...(chart?.children ?? [])].map((item) => item.textContent)).toEqual([
      'Hodan Warsame3 cod · 75.0%',
      'Abdi Farah1 cod · 25.0%',
    ]);
  });
});
