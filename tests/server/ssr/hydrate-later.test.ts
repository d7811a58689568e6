import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../helpers/db';
import { createMember } from '../../helpers/directory-factories';
import { rootMarkup, serverRenderingApps } from '../../helpers/ssr';

/**
 * Hydration in slices (client/src/lib/hydrate-later.ts), as the built renderer writes a page: each part the
 * browser hydrates in a task of its own is marked (`<!--$s-->` … `<!--/$s-->`), or Preact would throw its markup
 * away while it waits; the directory's cards are marked a few at a time, the search field before them.
 */
const openApp = serverRenderingApps();

interface Part {
  /** Cards directly in this part (not in a part inside it). */
  cards: number;
  /** Whether the search field is directly in it. */
  search: boolean;
}

/** The parts of a page's markup, innermost first, each with what it holds directly. */
function partsOf(markup: string): Part[] {
  const parts: Part[] = [];
  const open: Part[] = [];
  for (const token of markup.split(/(<!--\$s-->|<!--\/\$s-->)/)) {
    if (token === '<!--$s-->') open.push({ cards: 0, search: false });
    else if (token === '<!--/$s-->') {
      const part = open.pop();
      if (!part) throw new Error('a part closed that was not open');
      parts.push(part);
    } else {
      const current = open.at(-1);
      if (!current) continue;
      current.cards += token.match(/<article/g)?.length ?? 0;
      current.search ||= token.includes('type="search"');
    }
  }
  expect(open).toEqual([]);
  return parts;
}

describe('parts hydrated later, in the server’s HTML', () => {
  it('marks the directory’s cards four to a part, the search field in the page’s part before them', async () => {
    const db = createTestDb();
    for (let i = 1; i <= 10; i += 1) createMember(db, { name: `Member ${i}` });
    const test = await openApp({ db });
    const response = await test.app.inject({ method: 'GET', url: '/parliament-members' });
    expect(response.statusCode).toBe(200);
    const parts = partsOf(rootMarkup(response.body));
    const cards = parts.filter((part) => part.cards > 0).map((part) => part.cards);
    expect(cards).toEqual([4, 4, 2]);
    expect(parts.filter((part) => part.search)).toHaveLength(1);
    // The header and the page beside the card groups, each in a part of its own.
    expect(parts.length).toBeGreaterThan(cards.length + 2);
  });
});
