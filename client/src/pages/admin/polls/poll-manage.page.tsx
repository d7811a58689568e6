import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { POLL_TYPE_LABELS, pollMonthLabel } from '../../../../../shared/poll-rules';
import { usePageMeta } from '../../../lib/page-meta';
import { PollCandidateList } from '../../polls/PollCandidateList';
import { PollLoading, PollNotFound } from '../../polls/PollLoadStates';
import { PollStatusBadge } from '../../polls/PollStatusBadge';
import { formatPollDateTime } from '../../polls/poll-format';
import { usePollView } from '../../polls/use-poll-view';
import { AddCandidateForm } from './AddCandidateForm';
import { PollStatusActions } from './PollStatusActions';
import { PollVotesTable } from './PollVotesTable';

/** /admin/polls/{id}: one poll's candidates (and adding them), its status actions, and its votes. */
export function AdminPollPage() {
  const { pollId = '' } = useParams();
  const navigate = useNavigate();
  const { view, notFound } = usePollView(pollId, 'Failed to load polls');
  const poll = view.data?.poll;
  usePageMeta(
    poll ? `Manage: ${poll.title}` : 'Manage Poll',
    'Candidates, status and votes of one opinion poll.',
  );

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to="/admin/polls"
        size="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4, minHeight: 44, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden /> All polls
      </Anchor>
      {!view.data || !poll ? (
        notFound ? (
          <PollNotFound />
        ) : (
          view.isPending && <PollLoading />
        )
      ) : (
        <>
          <div>
            <Group gap="xs" mb={4}>
              <PollStatusBadge status={poll.status} />
              <Badge variant="outline" color="gray">
                {POLL_TYPE_LABELS[poll.electionType]}
              </Badge>
            </Group>
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {poll.title}
            </Title>
            <Text c="dimmed">
              {pollMonthLabel(poll.monthYear)} · {formatPollDateTime(poll.opensAt)} to{' '}
              {formatPollDateTime(poll.closesAt)}
            </Text>
            <Group mt="sm" gap="xs" justify="space-between">
              <Anchor
                component={Link}
                to={`/polls/presidential/history/${poll.id}`}
                mih={44}
                display="inline-flex"
                style={{ alignItems: 'center' }}
              >
                View public page
              </Anchor>
              <PollStatusActions poll={poll} onDeleted={() => navigate('/admin/polls', { replace: true })} />
            </Group>
          </div>

          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="candidates-heading"
          >
            <Stack>
              <Title order={2} fz="h3" id="candidates-heading">
                Candidates ({view.data.candidates.length})
              </Title>
              <PollCandidateList candidates={view.data.candidates} />
              {poll.status !== 'closed' && <AddCandidateForm pollId={poll.id} />}
            </Stack>
          </Paper>

          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="votes-heading"
          >
            <PollVotesTable pollId={poll.id} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
