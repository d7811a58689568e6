import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PollStatus } from '../../../../../shared/polls';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

interface PollStatusActionsProps {
  poll: { id: string; title: string; status: PollStatus };
  onDeleted?(): void;
}

/** SPEC §4: Publish only on drafts, Close only on open polls; Delete (with confirmation) on any. */
export function PollStatusActions({ poll, onDeleted }: PollStatusActionsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'close' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.polls.pathFilter());

  const statusOptions = (title: string, message: string) => ({
    onSuccess: async () => {
      notifySuccess(title, message);
      setConfirming(null);
      await refresh();
    },
    onError: (error: unknown) => notifyFailure('Failed to update poll status', error),
  });
  const publish = useMutation(
    trpc.polls.publish.mutationOptions(statusOptions('Poll published', `${poll.title} is open for voting.`)),
  );
  const close = useMutation(
    trpc.polls.close.mutationOptions(
      statusOptions('Poll closed', `${poll.title} now shows its final results.`),
    ),
  );
  const remove = useMutation(
    trpc.polls.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Poll deleted successfully', `${poll.title} was deleted.`);
        setConfirming(null);
        onDeleted?.();
        await queryClient.invalidateQueries(trpc.polls.list.queryFilter());
      },
      onError: (error) => notifyFailure('Failed to delete poll', error),
    }),
  );

  return (
    <Group gap="xs">
      {poll.status === 'draft' && (
        <Button
          color="green"
          mih={44}
          loading={publish.isPending}
          onClick={() => publish.mutate({ id: poll.id })}
          aria-label={`Publish ${poll.title}`}
        >
          Publish
        </Button>
      )}
      {poll.status === 'open' && (
        <Button
          variant="default"
          mih={44}
          onClick={() => setConfirming('close')}
          aria-label={`Close ${poll.title}`}
        >
          Close
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        mih={44}
        onClick={() => setConfirming('delete')}
        aria-label={`Delete ${poll.title}`}
      >
        Delete
      </Button>

      <ConfirmDelete
        opened={confirming === 'close'}
        title="Close poll?"
        confirmLabel="Close poll"
        busy={close.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => close.mutate({ id: poll.id })}
      >
        {poll.title} will stop taking votes and show its final results to everyone. A closed poll cannot be
        reopened.
      </ConfirmDelete>
      <ConfirmDelete
        opened={confirming === 'delete'}
        title="Delete poll?"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate({ id: poll.id })}
      >
        {poll.title} will be deleted with its candidates and every vote cast in it. This cannot be undone.
      </ConfirmDelete>
    </Group>
  );
}
