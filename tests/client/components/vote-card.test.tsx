import { VotePage } from '@client/pages/elections/vote.page';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, renderWithApp, ServerError, sessionUser } from '../render';

/**
 * The vote card on the /vote/{id} page (docs/product.md#vote-page): choose one candidate, Submit Vote (disabled until
 * a choice), the receipt once the vote is recorded, the thank-you instead of the card for an election already voted
 * in, the product's sentence for a visitor who tries (nothing sent), and the server's sentence in a red toast when
 * the vote is refused.
 */
const RECEIPT = 'V1751533200000-abcdefghi';
const DAY = 24 * 60 * 60 * 1000;

function election(myVote: { receiptId: string; createdAt: Date } | null = null) {
  return {
    id: 'e1',
    title: 'Presidential Election 2026',
    titleText: { en: 'Presidential Election 2026', so: 'Doorashada Madaxweynaha 2026' },
    description: null,
    descriptionText: { en: null, so: null },
    status: 'Active' as const,
    startTime: new Date(Date.now() - DAY),
    endTime: new Date(Date.now() + 3 * DAY),
    resultsVisible: false,
    hideResultsUntilClose: true,
    resultsPublishedAt: null,
    // Any signed-in account: this file is about the card itself (eligibility.test.tsx covers the other rules).
    eligibility: 'signedIn' as const,
    eligibleRegions: null,
    resultsVisibleToVoters: false,
    myVote,
    candidates: [
      {
        id: 'c1',
        name: 'Hodan Warsame',
        party: 'Midnimo',
        partyText: { en: 'Midnimo', so: 'Midnimo' },
        positionSought: null,
        positionSoughtText: { en: null, so: null },
        imageUrl: null,
        orderIndex: 0,
      },
      {
        id: 'c2',
        name: 'Abdi Farah',
        party: null,
        partyText: { en: null, so: null },
        positionSought: null,
        positionSoughtText: { en: null, so: null },
        imageUrl: null,
        orderIndex: 1,
      },
    ],
  };
}

function renderVotePage(server: Record<string, Handler>, language: 'en' | 'so' = 'en', signedIn = true) {
  return renderWithApp(<VotePage />, {
    language,
    namespaces: ['elections', 'eligibility'],
    user: signedIn ? sessionUser() : null,
    route: '/vote/:id',
    path: '/vote/e1',
    server: {
      'elections.kindOf': () => ({ kind: 'election' }),
      'elections.byId': () => election(),
      ...server,
    },
  });
}

describe('VoteCard', () => {
  it('sends the chosen candidate once Submit Vote is pressed, then shows the receipt', async () => {
    const { user, calls } = await renderVotePage({ 'votes.cast': () => ({ receiptId: RECEIPT }) });
    const submit = await screen.findByRole('button', { name: 'Submit Vote' });
    expect(submit).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('radio', { name: /Abdi Farah/ }));
    expect(submit).toHaveProperty('disabled', false);
    await user.click(submit);

    // A vote cannot be changed: the choice is named and confirmed first, and nothing is sent before.
    const step = await screen.findByRole('form', { name: 'Confirm your vote' });
    within(step).getByText('You are voting for Abdi Farah.');
    within(step).getByText('Once cast, your vote cannot be changed. Go back to choose again.');
    expect(calls.map((call) => call.procedure)).not.toContain('votes.cast');
    await user.click(within(step).getByRole('button', { name: 'Confirm vote' }));

    // The toast: its title, then the message.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vote SubmittedYour vote has been recorded successfully',
    );
    expect(calls.filter((call) => call.procedure === 'votes.cast')).toEqual([
      { procedure: 'votes.cast', input: { electionId: 'e1', candidateId: 'c2' } },
    ]);
    const receipt = await screen.findByRole('status', { name: 'Vote recorded' });
    expect(within(receipt).getByTestId('receipt-id').textContent).toBe(RECEIPT);
    expect(screen.queryByRole('button', { name: 'Submit Vote' })).toBeNull();
  });

  it('goes back to the choice from the confirm step, keeping it, and confirms another candidate', async () => {
    const { user, calls } = await renderVotePage({ 'votes.cast': () => ({ receiptId: RECEIPT }) });
    await user.click(await screen.findByRole('radio', { name: /Hodan Warsame/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Vote' }));
    const step = await screen.findByRole('form', { name: 'Confirm your vote' });
    within(step).getByText('You are voting for Hodan Warsame (Midnimo).');
    await user.click(within(step).getByRole('button', { name: 'Back' }));

    expect(screen.getByRole('radio', { name: /Hodan Warsame/ }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: /Abdi Farah/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm vote' }));
    await screen.findByRole('status', { name: 'Vote recorded' });
    expect(calls.filter((call) => call.procedure === 'votes.cast')).toEqual([
      { procedure: 'votes.cast', input: { electionId: 'e1', candidateId: 'c2' } },
    ]);
  });

  it('shows candidates in ballot order with their initials, party, or Independent', async () => {
    await renderVotePage({});
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label, button')?.textContent)).toEqual([
      'HWHodan WarsameMidnimo',
      'AFAbdi FarahIndependent',
    ]);
  });

  it('shows the thank-you and the receipt instead of the card when the citizen has voted', async () => {
    const votedAt = new Date('2026-07-03T11:00:00Z');
    await renderVotePage({ 'elections.byId': () => election({ receiptId: RECEIPT, createdAt: votedAt }) });
    const receipt = await screen.findByRole('status', { name: 'Vote recorded' });
    expect(within(receipt).getByText(/^Thank you/).textContent).toBe(
      'Thank you for voting! You have already cast your vote in this election.',
    );
    expect(within(receipt).getByText(/^Recorded/).textContent).toBe('Recorded 3 Jul 2026, 14:00 EAT');
    expect(within(receipt).getByTestId('receipt-id').textContent).toBe(RECEIPT);
    expect(screen.queryByRole('form', { name: 'Vote' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });

  it("shows the server's sentence when the vote is refused, and sends it once", async () => {
    const { user, calls } = await renderVotePage({
      'votes.cast': () => {
        throw new ServerError('CONFLICT', 409, 'You have already cast your vote in this election.');
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Hodan Warsame/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm vote' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorYou have already cast your vote in this election.',
    );
    expect(calls.filter((call) => call.procedure === 'votes.cast')).toHaveLength(1);
  });

  it("tells a visitor the spec's sentence and sends nothing", async () => {
    const { user, calls } = await renderVotePage({}, 'en', false);
    await user.click(await screen.findByRole('radio', { name: /Abdi Farah/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Vote' }));
    await screen.findByText(/^Please select/);
    // The toast (the toasts' view comes first in the page), then the page's own sign-in prompt.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      "ErrorPlease select a candidate and ensure you're logged in",
      'Sign in to voteYou need a Codka account to vote. Sign in, then come back to this page.Sign In',
    ]);
    expect(calls.map((call) => call.procedure)).not.toContain('votes.cast');
  });

  it('says it in Somali for a Somali reader', async () => {
    const { user } = await renderVotePage(
      {
        'votes.cast': () => {
          throw new ServerError('CONFLICT', 409, 'Horey ayaad ugu codeysay doorashadan.');
        },
      },
      'so',
    );
    await user.click(await screen.findByRole('radio', { name: /Abdi Farah/ }));
    await user.click(screen.getByRole('button', { name: 'Dir codka' }));
    await screen.findByText('Waxaad u codaynaysaa Abdi Farah.');
    await user.click(screen.getByRole('button', { name: 'Xaqiiji codka' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'KhaladHorey ayaad ugu codeysay doorashadan.',
    );
  });
});
