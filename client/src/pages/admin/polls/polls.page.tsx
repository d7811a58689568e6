import { Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWriting } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { POLL_TYPE_LABELS, pollDateLabel, pollMonthLabel } from '../../../../../shared/poll-rules';
import { notifyFailure } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { PollStatusBadge } from '../../polls/PollStatusBadge';
import { CreatePollDialog } from './CreatePollDialog';
import { PollStatusActions } from './PollStatusActions';

/** /admin/polls: every poll (drafts too), newest first, with create, publish, close and delete. */
export function AdminPollsPage() {
  usePageMeta('Manage Polls', 'Create, publish, close and delete the monthly opinion polls.');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const list = useQuery(trpc.polls.list.queryOptions());
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (list.error) notifyFailure('Failed to load polls', list.error);
  }, [list.error]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Manage Polls</Title>
          <Text c="dimmed">Monthly opinion polls: drafts, open and closed.</Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} mih={44} onClick={() => setCreating(true)}>
          Create Poll
        </Button>
      </Group>

      {list.isPending ? (
        <Stack gap="sm">
          {['first', 'second', 'third'].map((slot) => (
            <Skeleton key={slot} h={112} radius="md" />
          ))}
        </Stack>
      ) : list.data?.length === 0 ? (
        <EmptyState icon={<IconWriting size={32} aria-hidden />} title="No polls yet" />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Polls"
        >
          {list.data?.map((poll) => (
            <Paper key={poll.id} component="li" withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {poll.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {pollMonthLabel(poll.monthYear)} · {pollDateLabel(poll.opensAt)} to{' '}
                      {pollDateLabel(poll.closesAt)}
                    </Text>
                  </div>
                  <Group gap={6}>
                    <Badge variant="outline" color="gray">
                      {POLL_TYPE_LABELS[poll.electionType]}
                    </Badge>
                    <PollStatusBadge status={poll.status} />
                  </Group>
                </Group>
                <Group gap="xs" justify="space-between">
                  <Button
                    component={Link}
                    to={`/admin/polls/${poll.id}`}
                    variant="light"
                    mih={44}
                    aria-label={`Candidates and votes of ${poll.title}`}
                  >
                    Candidates &amp; votes
                  </Button>
                  <PollStatusActions poll={poll} />
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      {creating && (
        <CreatePollDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(`/admin/polls/${id}`)}
        />
      )}
    </Stack>
  );
}
