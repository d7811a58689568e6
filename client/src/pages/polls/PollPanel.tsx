import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { pollMessages } from '@shared/poll-messages';
import { hasPollEnded, isPollVotingOpen, pollResultsVisible } from '@shared/poll-rules';
import { IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText } from '../../components/content/ContentText';
import { EligibilityNotice, WhoCanVote } from '../../components/elections/EligibilityNotice';
import { useMessageTexts } from '../../i18n/error-texts';
import { useNow } from '../../lib/clock';
import { useVoteEligibility } from '../../lib/eligibility';
import { useReaderOf } from '../../lib/reader-view';
import { Slice } from '../../lib/slice';
import { PollBallot } from './PollBallot';
import { PollCandidateList, type PollView } from './PollCandidateList';
import { PollCountdown } from './PollCountdown';
import { PollResultsSection } from './PollResultsSection';
import { PollStatusBadge } from './PollStatusBadge';
import { formatPollDateTime, formatPollDay, formatPollMonth } from './poll-format';

/** The poll's query as useQuery reports it: when its answer was read, and whether it is being asked again. */
export interface PollQueryState {
  dataUpdatedAt: number;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
}

/**
 * One poll as a citizen meets it (docs/product.md#poll-results): the ballot while it is open, results once they have
 * voted, final results for everyone once it is over. The clock is the reader's, ticking to the close.
 *
 * The server renders it as a visitor sees it: until the session (and a signed-in reader's own answer) is
 * known, an open poll shows its candidates, and the sign-in prompt or the ballot comes after.
 */
export function PollPanel({
  view,
  query,
  headingLevel = 1,
}: {
  view: PollView;
  query: PollQueryState;
  headingLevel?: 1 | 2;
}) {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation('polls');
  const { user, isAdmin, loading } = useReaderOf(query);
  const clock = useNow(query.dataUpdatedAt);
  // The countdown reaching zero closes the poll on screen at once, not at the clock's next minute.
  const [expiredAt, setExpiredAt] = useState<number | null>(null);
  const expire = useCallback(() => setExpiredAt(Date.now()), []);
  const now = expiredAt !== null && expiredAt > clock.getTime() ? new Date(expiredAt) : clock;
  const { poll, candidates, userHasVoted } = view;
  const ended = hasPollEnded(poll, now);
  const votingOpen = isPollVotingOpen(poll, now);
  const resultsVisible = pollResultsVisible(poll, { isAdmin, hasVoted: userHasVoted }, now);
  // The same elements on every render (as on the home page): when the session check answers before a slice has
  // hydrated, a slice given new props would be rendered again from its empty fallback, and its server markup
  // would vanish and come back, moving everything below it.
  const whoCanVote = useMemo(
    () => (
      <Slice>
        <WhoCanVote requirement={{ eligibility: poll.eligibility, eligibleRegions: null }} />
      </Slice>
    ),
    [poll.eligibility],
  );
  const countdown = useMemo(
    () => (
      <Slice>
        <PollCountdown closesAt={poll.closesAt} onExpire={expire} renderedAt={query.dataUpdatedAt} />
      </Slice>
    ),
    [poll.closesAt, expire, query.dataUpdatedAt],
  );

  return (
    <Stack gap="lg">
      <div>
        <Group gap="xs" mb={4}>
          <PollStatusBadge status={ended ? 'closed' : poll.status} />
          <Badge variant="outline" color="gray">
            {t(`type.${poll.electionType}`)}
          </Badge>
        </Group>
        <Title order={headingLevel} fz={headingLevel === 1 ? 'h2' : 'h3'}>
          <ContentText text={poll.titleText} />
        </Title>
        <Text c="dimmed">
          {t('panel.when', {
            month: formatPollMonth(poll.monthYear),
            opens: formatPollDateTime(poll.opensAt),
            closes: formatPollDateTime(poll.closesAt),
          })}
        </Text>
      </div>

      {/* Each hydrates in a slice of its own, after the heading (lib/slice.tsx). */}
      {!ended && whoCanVote}

      {votingOpen && countdown}

      {ended && (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('panel.closedTitle')}>
          {now > poll.closesAt
            ? t('panel.closedOn', { date: formatPollDay(poll.closesAt) })
            : t('panel.closedNow')}{' '}
          {t('panel.finalResults')}
        </Alert>
      )}
      {poll.status === 'draft' && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title={t('status.draft')}>
          {t('panel.draftBody')}
        </Alert>
      )}
      {poll.status === 'open' && now < poll.opensAt && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('panel.opensOn', { date: formatPollDay(poll.opensAt) })}
        </Alert>
      )}

      {votingOpen && userHasVoted && (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={t('panel.thankYou')}>
          {messageText(pollMessages.alreadyVoted)}
        </Alert>
      )}
      {votingOpen && !userHasVoted && user && <EligiblePollBallot view={view} />}
      {/* A visitor's view, and everyone's until the session is known: the candidates, then how to vote. */}
      {votingOpen && !userHasVoted && !user && (
        <>
          <PollCandidateList candidates={candidates} />
          {!loading && (
            <Alert
              color="blue"
              icon={<IconLock aria-hidden />}
              title={messageText(pollMessages.authenticationRequired)}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{messageText(pollMessages.signInToVote)}</Text>
                <Button component={Link} to="/auth" mih={44}>
                  {t('panel.signIn')}
                </Button>
              </Stack>
            </Alert>
          )}
        </>
      )}
      {!votingOpen && !ended && <PollCandidateList candidates={candidates} />}

      {resultsVisible ? (
        // Below the candidates: it hydrates in a slice of its own (lib/slice.tsx).
        <Slice>
          <PollResultsSection pollId={poll.id} live={!ended} />
        </Slice>
      ) : (
        votingOpen && <Text c="dimmed">{t('panel.resultsAfterVote')}</Text>
      )}
    </Stack>
  );
}

/** A signed-in reader's ballot, or why the poll's rule does not let them vote (no button that would fail). */
function EligiblePollBallot({ view }: { view: PollView }) {
  const { poll, candidates } = view;
  const requirement = { eligibility: poll.eligibility, eligibleRegions: null };
  const eligibility = useVoteEligibility(requirement);
  // Until the roll answers, the candidates as the page showed them: no blank, no ballot that may not apply.
  if (!eligibility.known) return <PollCandidateList candidates={candidates} />;
  if (eligibility.reason) {
    return (
      <>
        <EligibilityNotice
          reason={eligibility.reason}
          requirement={requirement}
          region={eligibility.region}
          ballot="poll"
        />
        <PollCandidateList candidates={candidates} />
      </>
    );
  }
  return <PollBallot pollId={poll.id} candidates={candidates} />;
}
