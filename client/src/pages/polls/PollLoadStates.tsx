import { Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

export function PollLoading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading poll">
      <Skeleton h={28} w="60%" />
      <Skeleton h={18} w="40%" />
      <Skeleton h={72} />
      <Skeleton h={220} />
    </Stack>
  );
}

/** An unknown poll id, or a draft seen by someone who is not an admin. */
export function PollNotFound() {
  return (
    <EmptyState
      icon={<IconSearch size={32} aria-hidden />}
      title="Poll not found"
      description="This poll does not exist or is not published yet."
    >
      <EmptyState.Actions>
        <Button component={Link} to="/polls/presidential/history" mih={44}>
          All polls
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
