import { setSessionState } from '@client/lib/session';
import { VotePage } from '@client/pages/elections/vote.page';
import type { EligibilityRule } from '@shared/voter-roll';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, renderWithApp, ServerError, sessionUser } from '../render';

/**
 * The vote page decides between the ballot and the reason with the shared rule, the session and
 * enrollment.status(): no vote button that would fail, and never a reader kept from a vote by a failed read.
 */
const DAY = 24 * 60 * 60 * 1000;

function election(eligibility: EligibilityRule, eligibleRegions: string[] | null = null) {
  return {
    id: 'e1',
    title: 'Banadir Council Election',
    titleText: { en: 'Banadir Council Election', so: 'Doorashada Golaha Banaadir' },
    description: null,
    descriptionText: { en: null, so: null },
    status: 'Active' as const,
    startTime: new Date(Date.now() - DAY),
    endTime: new Date(Date.now() + 3 * DAY),
    resultsVisible: false,
    hideResultsUntilClose: true,
    resultsPublishedAt: null,
    resultsVisibleToVoters: false,
    eligibility,
    eligibleRegions,
    myVote: null,
    candidates: [
      {
        id: 'c1',
        name: 'Hodan Warsame',
        party: null,
        partyText: { en: null, so: null },
        positionSought: null,
        positionSoughtText: { en: null, so: null },
        bio: null,
        bioText: { en: null, so: null },
        imageUrl: null,
        orderIndex: 1,
      },
    ],
  };
}

function renderVotePage(
  server: Record<string, Handler>,
  options: { language?: 'en' | 'so'; emailVerified?: boolean } = {},
) {
  return renderWithApp(<VotePage />, {
    language: options.language ?? 'en',
    namespaces: ['elections', 'eligibility'],
    user: sessionUser({ emailVerified: options.emailVerified ?? true }),
    route: '/vote/:id',
    path: '/vote/e1',
    server: { 'elections.kindOf': () => ({ kind: 'election' }), ...server },
  });
}

describe('who may vote, on the vote page', () => {
  it('tells a citizen with no roll entry what to do, with the links, and shows no ballot', async () => {
    const { calls } = await renderVotePage({
      'elections.byId': () => election('enrolled', ['Banadir', 'Bay']),
      'enrollment.status': () => ({ status: 'none' }),
    });
    await screen.findByText(
      'You are not on the voter roll for this election. Get an enrollment code on your account page and take it with your voter card to a registration center.',
    );
    // What stands in the way, and the one thing to do on the account page.
    screen.getByText('Enroll to vote');
    expect(screen.getByRole('link', { name: 'Get an enrollment code' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(screen.getByRole('link', { name: 'Registration centers' }).getAttribute('href')).toBe(
      '/registration-centers',
    );
    expect(screen.getByText('Who can vote: enrolled voters in Banadir, Bay')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Vote' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(calls.some((call) => call.procedure === 'votes.cast')).toBe(false);
  });

  it('says a pending registration waits for approval, in Somali', async () => {
    await renderVotePage(
      {
        'elections.byId': () => election('enrolled'),
        'enrollment.status': () => ({ status: 'pending', region: 'Banadir' }),
      },
      { language: 'so' },
    );
    await screen.findByText(
      'Diiwaangelintaada codbixintu waxay sugaysaa oggolaansho. Waxaad ka codayn kartaa doorashadan marka kormeeraha diiwaangelintu oggolaado.',
    );
    screen.getByText('Diiwaangelintaadu waxay sugaysaa oggolaansho');
    expect(screen.getByRole('link', { name: 'Akoonkaaga' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xarumaha diiwaangelinta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dir codka' })).toBeNull();
  });

  it('asks for a confirmed e-mail address without reading the roll', async () => {
    const { calls } = await renderVotePage(
      { 'elections.byId': () => election('verifiedContact') },
      { emailVerified: false },
    );
    await screen.findByText('Please confirm your e-mail address before voting in this election.');
    screen.getByText('Confirm your e-mail address to vote');
    expect(screen.getByRole('link', { name: 'Confirm it on your account' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(screen.queryByRole('link', { name: 'Registration centers' })).toBeNull();
    expect(calls.some((call) => call.procedure === 'enrollment.status')).toBe(false);
  });

  it('shows the ballot to an enrolled voter of the region', async () => {
    await renderVotePage({
      'elections.byId': () => election('enrolled', ['Bay']),
      'enrollment.status': () => ({ status: 'enrolled', region: 'Bay' }),
    });
    expect(await screen.findByRole('button', { name: 'Submit Vote' })).toBeTruthy();
  });

  it('leaves the decision to the server when the roll cannot be read', async () => {
    await renderVotePage({
      'elections.byId': () => election('enrolled'),
      'enrollment.status': () => {
        throw new ServerError('INTERNAL_SERVER_ERROR', 500, 'An unexpected error occurred.');
      },
    });
    expect(await screen.findByRole('button', { name: 'Submit Vote' })).toBeTruthy();
  });

  it("shows no ballot until the session check has answered, then the reader's own", async () => {
    const user = sessionUser();
    await renderWithApp(<VotePage />, {
      namespaces: ['elections', 'eligibility'],
      user,
      route: '/vote/:id',
      path: '/vote/e1',
      server: {
        'elections.kindOf': () => ({ kind: 'election' }),
        'elections.byId': () => election('signedIn'),
      },
    });
    // The session check still under way (a page opened straight from a link): neither a visitor's ballot, whose
    // Submit the server would refuse, nor "sign in".
    act(() => setSessionState({ loading: true, user: null }));
    await screen.findByText('Who can vote: anyone with an account');
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Submit Vote' })).toBeNull();
    expect(screen.queryByText(/sign in to vote/i)).toBeNull();
    act(() => setSessionState({ loading: false, user }));
    await screen.findByRole('radio', { name: /Hodan Warsame/ });
  });
});
