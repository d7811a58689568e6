import { Button, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheckbox, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AwaitingSecondAdmin } from '../../../components/admin/AwaitingSecondAdmin';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { useContentText } from '../../../components/content/ContentText';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { ElectionCard } from './ElectionCard';
import { ElectionFormModal } from './ElectionFormModal';
import type { AdminElection } from './election-form';
import { useLoadFailure, useRefreshElections } from './use-election-queries';

const LOADING_CARDS = ['first', 'second', 'third', 'fourth'];

/** /admin/elections: every election as a card, with create, edit and delete (docs/product.md#admin-elections). */
export function AdminElectionsPage() {
  const { t } = useTranslation(['adminElections', 'common']);
  const contentText = useContentText();
  usePageMeta(t('list.metaTitle'), t('list.metaDescription'));
  const trpc = useTRPC();
  const refresh = useRefreshElections();
  const list = useQuery(trpc.admin.elections.list.queryOptions());
  useLoadFailure(list.error, t('list.loadFailed'));
  const [editing, setEditing] = useState<AdminElection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminElection | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);

  const remove = useMutation(
    trpc.admin.elections.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('success'), t('list.deleted'));
        setDeleting(null);
        await refresh();
      },
      onError: (error) => notifyFailure(t('list.deleteFailed'), error),
    }),
  );

  // An election with votes is kept (the server refuses to delete it): the dialog offers to archive it instead.
  const archive = useMutation(
    trpc.admin.elections.update.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('success'), t('list.archived'));
        setDeleting(null);
        await refresh();
      },
      onError: (error) => notifyFailure(t('list.updateFailed'), error),
    }),
  );
  const confirm = (election: AdminElection) => {
    if (election.voteCount === 0) return remove.mutate({ id: election.id });
    const { id, title, description, startTime, endTime, resultsVisible, hideResultsUntilClose } = election;
    archive.mutate({
      id,
      title,
      description,
      startTime,
      endTime,
      resultsVisible,
      hideResultsUntilClose,
      status: 'Archived',
    });
  };

  const elections = list.data ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button h={44} leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('list.create')}
        </Button>
      </Group>

      {waiting && <AwaitingSecondAdmin what={waiting} />}

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {LOADING_CARDS.map((key) => (
            <Skeleton key={key} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <EmptyState
          icon={<IconCheckbox size={32} aria-hidden />}
          title={t('list.loadFailed')}
          description={t('checkConnection')}
        >
          <Button h={44} variant="light" onClick={() => void list.refetch()}>
            {t('common:errors.tryAgain')}
          </Button>
        </EmptyState>
      ) : elections.length === 0 ? (
        <EmptyState
          icon={<IconCheckbox size={32} aria-hidden />}
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} component="section" aria-label={t('list.ariaLabel')}>
          {elections.map((election) => (
            <ElectionCard
              key={election.id}
              election={election}
              onEdit={() => setEditing(election)}
              onDelete={() => setDeleting(election)}
            />
          ))}
        </SimpleGrid>
      )}

      {editing && (
        <ElectionFormModal
          election={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (asked) => {
            setWaiting(asked);
            await refresh();
          }}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={deleting && deleting.voteCount > 0 ? t('list.archiveTitle') : t('list.deleteTitle')}
        confirmLabel={deleting && deleting.voteCount > 0 ? t('list.archive') : t('common:actions.delete')}
        busy={remove.isPending || archive.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && confirm(deleting)}
      >
        {deleting &&
          (deleting.voteCount > 0
            ? t('list.archiveBody', { title: contentText(deleting.titleText) })
            : t('list.deleteBody', { title: contentText(deleting.titleText) }))}
      </ConfirmDelete>
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminElections', 'eligibility', 'elections'] });

export default routeComponent(AdminElectionsPage);
