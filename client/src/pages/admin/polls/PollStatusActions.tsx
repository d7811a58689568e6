import { Button, Group } from '@mantine/core';
import type { PollStatus } from '@shared/polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

interface PollStatusActionsProps {
  poll: { id: string; title: string; status: PollStatus };
  onDeleted?(): void;
}

/**
 * docs/product.md#poll-lifecycle: Publish only on drafts, Close only on open polls; Delete (with confirmation) on
 * any.
 */
export function PollStatusActions({ poll, onDeleted }: PollStatusActionsProps) {
  const { t } = useTranslation(['adminPolls', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'close' | 'delete' | null>(null);
  // Publishing waits for a second System Admin: the draft stays a draft, and the row leads to the queue.
  const [asked, setAsked] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.polls.pathFilter());

  const statusOptions = (title: string, message: string) => ({
    onSuccess: async () => {
      notifySuccess(title, message);
      setConfirming(null);
      await refresh();
    },
    onError: (error: unknown) => notifyFailure(t('status.updateFailed'), error),
  });
  const publish = useMutation(
    trpc.polls.publish.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('status.publishAsked'), t('status.publishAskedBody', { title: poll.title }));
        setAsked(true);
        await refresh();
      },
      onError: (error: unknown) => notifyFailure(t('status.updateFailed'), error),
    }),
  );
  const close = useMutation(
    trpc.polls.close.mutationOptions(
      statusOptions(t('status.closed'), t('status.closedBody', { title: poll.title })),
    ),
  );
  const remove = useMutation(
    trpc.polls.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('status.deleted'), t('status.deletedBody', { title: poll.title }));
        setConfirming(null);
        onDeleted?.();
        await queryClient.invalidateQueries(trpc.polls.list.queryFilter());
      },
      onError: (error) => notifyFailure(t('status.deleteFailed'), error),
    }),
  );

  return (
    <Group gap="xs">
      {poll.status === 'draft' && asked && (
        <Button component={Link} to="/admin/approvals" variant="light" color="yellow" mih={44}>
          {t('status.waitingApproval')}
        </Button>
      )}
      {poll.status === 'draft' && !asked && (
        <Button
          color="green"
          mih={44}
          loading={publish.isPending}
          onClick={() => publish.mutate({ id: poll.id })}
          aria-label={t('status.publishOf', { title: poll.title })}
        >
          {t('status.publish')}
        </Button>
      )}
      {poll.status === 'open' && (
        <Button
          variant="default"
          mih={44}
          onClick={() => setConfirming('close')}
          aria-label={t('status.closeOf', { title: poll.title })}
        >
          {t('status.close')}
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        mih={44}
        onClick={() => setConfirming('delete')}
        aria-label={t('status.deleteOf', { title: poll.title })}
      >
        {t('common:actions.delete')}
      </Button>

      <ConfirmDelete
        opened={confirming === 'close'}
        title={t('status.closeTitle')}
        confirmLabel={t('status.closeConfirm')}
        busy={close.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => close.mutate({ id: poll.id })}
      >
        {t('status.closeBody', { title: poll.title })}
      </ConfirmDelete>
      <ConfirmDelete
        opened={confirming === 'delete'}
        title={t('status.deleteTitle')}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate({ id: poll.id })}
      >
        {t('status.deleteBody', { title: poll.title })}
      </ConfirmDelete>
    </Group>
  );
}
