import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hasPollEnded, isPollVotingOpen, pollResultsVisible } from '@shared/poll-rules';
import { pollMessages } from '@shared/schemas/polls';
import { IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EligibilityNotice, WhoCanVote } from '../../components/elections/EligibilityNotice';
import { messageText } from '../../i18n/error-texts';
import { useAuth } from '../../lib/auth';
import { useVoteEligibility } from '../../lib/eligibility';
import { PollBallot } from './PollBallot';
import { PollCandidateList, type PollView } from './PollCandidateList';
import { PollCountdown } from './PollCountdown';
import { PollResultsSection } from './PollResultsSection';
import { PollStatusBadge } from './PollStatusBadge';
import { formatPollDateTime, formatPollDay, formatPollMonth } from './poll-format';

/**
 * One poll as a citizen meets it (SPEC §4): the ballot while it is open, results once they have voted,
 * final results for everyone once it is over. The clock is the reader's, ticking to the close.
 */
export function PollPanel({ view, headingLevel = 1 }: { view: PollView; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('polls');
  const { user, isAdmin, loading } = useAuth();
  const [now, setNow] = useState(() => new Date());
  const expire = useCallback(() => setNow(new Date()), []);
  const { poll, candidates, userHasVoted } = view;
  const ended = hasPollEnded(poll, now);
  const votingOpen = isPollVotingOpen(poll, now);
  const resultsVisible = pollResultsVisible(poll, { isAdmin, hasVoted: userHasVoted }, now);

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
          {poll.title}
        </Title>
        <Text c="dimmed">
          {t('panel.when', {
            month: formatPollMonth(poll.monthYear),
            opens: formatPollDateTime(poll.opensAt),
            closes: formatPollDateTime(poll.closesAt),
          })}
        </Text>
      </div>

      {!ended && <WhoCanVote requirement={{ eligibility: poll.eligibility, eligibleRegions: null }} />}

      {votingOpen && <PollCountdown closesAt={poll.closesAt} onExpire={expire} />}

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
      {votingOpen && !userHasVoted && !user && !loading && (
        <>
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
          <PollCandidateList candidates={candidates} />
        </>
      )}
      {!votingOpen && !ended && <PollCandidateList candidates={candidates} />}

      {resultsVisible ? (
        <PollResultsSection pollId={poll.id} live={!ended} />
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
  if (!eligibility.known) return <Skeleton height={160} />;
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
