import { Button, Group, Skeleton, Stack } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { isVotingOpen } from '@shared/election-rules';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useContentText } from '../../components/content/ContentText';
import { CandidateList } from '../../components/elections/CandidateList';
import { ElectionHeader } from '../../components/elections/ElectionHeader';
import {
  BackTo,
  ElectionLoadFailure,
  ElectionNotFound,
  ElectionPageLoading,
  SignInPrompt,
} from '../../components/elections/ElectionPageStates';
import { EligibilityNotice, WhoCanVote } from '../../components/elections/EligibilityNotice';
import { errorCode } from '../../components/elections/query-errors';
import { TrackerReceipt } from '../../components/elections/TrackerReceipt';
import { VerifiableBallot } from '../../components/elections/VerifiableBallot';
import { VoteCard } from '../../components/elections/VoteCard';
import { VoteReceipt } from '../../components/elections/VoteReceipt';
import { VotingClosedNotice } from '../../components/elections/VotingClosedNotice';
import { PageContainer } from '../../components/PageContainer';
import { loadNamespaces } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { useVoteEligibility } from '../../lib/eligibility';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';

// docs/product.md#vote-page: /vote/{pollId} is the current poll's view; it loads only when the id turns out to be a
// poll,
// its texts (polls) with it.
const PollVoteView = lazy(() =>
  Promise.all([import('../polls/PollVoteView'), loadNamespaces('polls')]).then(([m]) => ({
    default: m.PollVoteView,
  })),
);

type ElectionDetails = RouterOutputs['elections']['byId'];

export function VotePage() {
  const { t } = useTranslation('elections');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  // Ask what the id is first, so a poll id never costs a failed election request.
  const kind = useQuery(trpc.elections.kindOf.queryOptions({ id }, { retry: false }));
  const election = useQuery(
    trpc.elections.byId.queryOptions({ id }, { enabled: kind.data?.kind === 'election' }),
  );

  if (kind.isError && errorCode(kind.error) === 'BAD_REQUEST') return <ElectionNotFound />;
  if (kind.data?.kind === null) return <ElectionNotFound />;
  if (kind.data?.kind === 'poll') {
    return (
      <Suspense fallback={<ElectionPageLoading title={t('vote.pageTitle')} />}>
        <PollVoteView pollId={id} />
      </Suspense>
    );
  }
  if (kind.isError) {
    return (
      <ElectionLoadFailure title={t('vote.failed')} error={kind.error} onRetry={() => void kind.refetch()} />
    );
  }
  if (election.isPending) return <ElectionPageLoading title={t('vote.pageTitle')} />;
  if (election.isError) {
    const code = errorCode(election.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <ElectionNotFound />;
    return (
      <ElectionLoadFailure
        title={t('vote.failed')}
        error={election.error}
        onRetry={() => void election.refetch()}
      />
    );
  }
  return <ElectionVote election={election.data} />;
}

function ElectionVote({ election }: { election: ElectionDetails }) {
  const { t } = useTranslation('elections');
  const title = useContentText()(election.titleText);
  usePageMeta(t('vote.metaTitle', { title }), t('vote.metaDescription', { title }));
  const { user, isAdmin, loading } = useAuth();
  // The receipt from the cast itself, shown at once while the election is refetched.
  const [justCast, setJustCast] = useState<string | null>(null);
  // A verifiable election's receipt is the cast ballot's tracker: the one just cast, or the one the election
  // answer carries on a later visit.
  const [justTracked, setTracker] = useState<string | null>(null);
  const tracker = election.myBallot?.tracker ?? justTracked;
  const now = new Date();
  const receiptId = election.myVote?.receiptId ?? justCast;
  const open = isVotingOpen(election, now);
  const resultsShown = election.resultsVisibleToVoters || isAdmin;

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <BackTo to="/elections">{t('states.allElections')}</BackTo>
        <ElectionHeader election={election} eyebrow={t('vote.pageTitle')} />
        <WhoCanVote requirement={election} />
        {user && tracker ? (
          <TrackerReceipt tracker={tracker} electionId={election.id} />
        ) : user && receiptId ? (
          <VoteReceipt receiptId={receiptId} votedAt={election.myVote?.createdAt} />
        ) : open ? (
          user ? (
            <EligibleBallot election={election} onVoted={setJustCast} onCast={setTracker} />
          ) : loading ? (
            // Until the session check answers, no ballot: a voter's tap on a visitor's ballot would be refused
            // ("sign in"), and their own standing (eligible, already voted) is not known yet.
            <Skeleton height={180} />
          ) : (
            <>
              <SignInPrompt>{t('vote.signIn')}</SignInPrompt>
              {election.counting === 'verifiable' ? (
                <CandidateList candidates={election.candidates} />
              ) : (
                <VoteCard electionId={election.id} candidates={election.candidates} onVoted={setJustCast} />
              )}
            </>
          )
        ) : (
          <VotingClosedNotice election={election} now={now} />
        )}
        <Group gap="sm">
          <Button component={Link} to={`/election/${election.id}`} variant="default" h={44}>
            {t('actions.details')}
          </Button>
          {resultsShown && (
            <Button component={Link} to={`/results/${election.id}`} variant="light" h={44}>
              {t('actions.results')}
            </Button>
          )}
        </Group>
      </Stack>
    </PageContainer>
  );
}

/**
 * A signed-in reader's ballot: the vote card when the election's rule lets them vote, else the reason and what
 * to do, with the candidates to read (no button that would fail).
 */
function EligibleBallot({
  election,
  onVoted,
  onCast,
}: {
  election: ElectionDetails;
  onVoted(receiptId: string): void;
  onCast(tracker: string): void;
}) {
  const eligibility = useVoteEligibility(election);
  if (!eligibility.known) return <Skeleton height={180} />;
  if (eligibility.reason) {
    return (
      <>
        <EligibilityNotice
          reason={eligibility.reason}
          requirement={election}
          region={eligibility.region}
          ballot="election"
        />
        <CandidateList candidates={election.candidates} />
      </>
    );
  }
  if (election.counting === 'verifiable')
    return (
      <VerifiableBallot
        electionId={election.id}
        credentialAuthority={election.credentialAuthority ?? 'codka'}
        candidates={election.candidates}
        onCast={onCast}
      />
    );
  return <VoteCard electionId={election.id} candidates={election.candidates} onVoted={onVoted} />;
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['elections', 'eligibility', 'errors'] });

export default routeComponent(VotePage);
