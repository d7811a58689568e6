import type { Language } from '@client/i18n/language';
import { ElectionsHubPage } from '@client/pages/elections/elections-hub.page';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { castVote } from '../../helpers/admin-elections';
import { callerFor, createTestDeps, type TestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser, type TestUser } from '../../helpers/factories';
import { renderWithApp, sessionUser } from '../render';

/**
 * The hub's buttons (docs/product.md#hub-actions), for each reader: the page asks the real elections.hub procedure
 * (through a caller on a test database), so the buttons shown are the ones the server's rules give, as each reader
 * sees them. Vote Now while voting is open to a signed-in citizen, View Your Vote once they voted, View Results when
 * results are visible, View Details otherwise; drafts only for an admin; nothing but Sign In for a visitor.
 */
const DAY = 24 * 60 * 60 * 1000;

function hubDatabase() {
  const deps = createTestDeps();
  const open = createElection(deps.db, { title: 'Open Election' });
  createElection(deps.db, {
    title: 'Closed Election',
    status: 'Closed',
    startTime: new Date(Date.now() - 10 * DAY),
    endTime: new Date(Date.now() - DAY),
    resultsVisible: true,
    hideResultsUntilClose: false,
  });
  createElection(deps.db, { title: 'Draft Election', status: 'Draft' });
  return { deps, open };
}

async function renderHub(
  deps: TestDeps,
  reader: TestUser | null,
  isAdmin = false,
  language: Language = 'en',
) {
  const { caller } = callerFor(deps, reader);
  const user =
    reader &&
    sessionUser({
      id: reader.id,
      fullName: reader.fullName,
      email: reader.email,
      isAdmin,
      role: isAdmin ? 'System Admin' : null,
    });
  return renderWithApp(<ElectionsHubPage />, {
    language,
    namespaces: ['elections'],
    user,
    route: '/elections',
    server: { 'elections.hub': () => caller.elections.hub() },
  });
}

/** The buttons of each election card, by title. */
async function buttonsByCard(): Promise<Record<string, string[]>> {
  const cards = await screen.findAllByRole('article');
  return Object.fromEntries(
    cards.map((card) => [
      within(card).getByRole('heading').textContent,
      within(card)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    ]),
  );
}

describe('elections hub card actions', () => {
  it('shows a visitor only the sign-in prompt, and asks the server nothing', async () => {
    const { deps } = hubDatabase();
    const { calls } = await renderHub(deps, null);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Authentication Required');
    expect(screen.getByText(/^Sign in to see/).textContent).toBe(
      'Sign in to see the elections open to you and to vote. Sign In opens the sign-in page; once signed in, come back here through Elections in the menu.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('offers a citizen who has not voted Vote Now on the open election', async () => {
    const { deps } = hubDatabase();
    await renderHub(deps, await createUser(deps.db));
    expect(await buttonsByCard()).toEqual({
      'Open Election': ['Vote Now', 'View Details'],
      'Closed Election': ['View Results'],
    });
    expect(screen.queryByText('You voted')).toBeNull();
  });

  it('offers a citizen who voted View Your Vote instead, with the You voted badge', async () => {
    const { deps, open } = hubDatabase();
    const citizen = await createUser(deps.db);
    const [candidate] = open.candidates;
    await callerFor(deps, citizen).caller.votes.cast({
      electionId: open.election.id,
      candidateId: candidate?.id ?? '',
    });
    await renderHub(deps, citizen);
    expect(await buttonsByCard()).toEqual({
      'Open Election': ['View Your Vote', 'View Details'],
      'Closed Election': ['View Results'],
    });
    const card = screen.getByRole('article', { name: 'Open Election' });
    expect(within(card).getByText('You voted').textContent).toBe('You voted');
    expect(
      within(card).getByRole('link', { name: 'View Your Vote: Open Election' }).getAttribute('href'),
    ).toBe(`/vote/${open.election.id}`);
  });

  it("shows another citizen's vote nowhere: their hub still offers Vote Now", async () => {
    const { deps, open } = hubDatabase();
    const [candidate] = open.candidates;
    await castVote(deps, open.election.id, candidate?.id ?? '');
    await renderHub(deps, await createUser(deps.db));
    expect((await buttonsByCard())['Open Election']).toEqual(['Vote Now', 'View Details']);
  });

  it('shows an admin the draft too, with View Details', async () => {
    const { deps } = hubDatabase();
    await renderHub(deps, await createAdmin(deps.db), true);
    expect(await buttonsByCard()).toEqual({
      'Open Election': ['Vote Now', 'View Details'],
      'Closed Election': ['View Results'],
      'Draft Election': ['View Details'],
    });
  });

  it('leads Vote Now to the vote page', async () => {
    const { deps, open } = hubDatabase();
    const { user, router } = await renderHub(deps, await createUser(deps.db));
    await user.click(await screen.findByRole('link', { name: 'Vote Now: Open Election' }));
    expect(router.state.location.pathname).toBe(`/vote/${open.election.id}`);
  });

  it('names the buttons in Somali', async () => {
    const { deps } = hubDatabase();
    await renderHub(deps, await createUser(deps.db), false, 'so');
    expect(await buttonsByCard()).toEqual({
      // Titles written in English only are shown marked on a Somali page (docs/decisions/021-bilingual-content.md).
      'Open Election (Ingiriisi)': ['Codee hadda', 'Eeg faahfaahinta'],
      'Closed Election (Ingiriisi)': ['Eeg natiijooyinka'],
    });
  });
});
