import { Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconUserQuestion } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { useContentText } from '../../../components/content/ContentText';
import { formatNumber } from '../../../i18n/format';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { CandidateEditor, type ElectionCandidate } from './CandidateEditor';
import { CandidateRow } from './CandidateRow';
import {
  ElectionNotFound,
  ElectionPageHeader,
  isMissingElection,
  useAdminElection,
} from './ElectionPageHeader';
import { useLoadFailure, useRefreshElections } from './use-election-queries';

/**
 * /admin/elections/{id}/candidates: the ballot of one election, in order, with add, edit and delete. Each row
 * shows the candidate's exact votes, hidden from voters while the election is open: a stolen admin cookie alone
 * must not read them, so the page asks for a step-up first.
 */
export function AdminElectionCandidatesPage() {
  return (
    <StepUpGate>
      <AdminElectionCandidatesContent />
    </StepUpGate>
  );
}

function AdminElectionCandidatesContent() {
  const { t } = useTranslation(['adminElections', 'common']);
  const contentText = useContentText();
  const electionId = useParams().electionId ?? '';
  const trpc = useTRPC();
  const refresh = useRefreshElections();
  const election = useAdminElection(electionId);
  usePageMeta(
    election.data
      ? t('candidates.metaTitle', { title: contentText(election.data.titleText) })
      : t('candidates.metaTitleBare'),
    t('candidates.metaDescription'),
  );
  const list = useQuery(trpc.admin.elections.candidates.list.queryOptions({ electionId }));
  useLoadFailure(
    list.error && !isMissingElection(list.error) ? list.error : null,
    t('candidates.loadFailed'),
  );
  const [editing, setEditing] = useState<ElectionCandidate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ElectionCandidate | null>(null);

  const remove = useMutation(
    trpc.admin.elections.candidates.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('success'), t('candidates.deleted'));
        setDeleting(null);
        await refresh();
      },
      onError: (error) => notifyFailure(t('candidates.deleteFailed'), error),
    }),
  );

  if (isMissingElection(election.error)) return <ElectionNotFound />;
  const candidates = list.data ?? [];

  return (
    <Stack gap="lg">
      <ElectionPageHeader election={election.data} section="candidates" heading={t('candidates.heading')} />
      <Group justify="space-between">
        <Text c="dimmed">
          {list.data
            ? t('candidates.onBallot', { number: formatNumber(candidates.length) })
            : t('candidates.loadingBallot')}
        </Text>
        <Button h={44} leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('candidates.add')}
        </Button>
      </Group>

      {list.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : list.isError ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title={t('candidates.loadFailed')}
          description={t('checkConnection')}
        >
          <Button h={44} variant="light" onClick={() => void list.refetch()}>
            {t('common:errors.tryAgain')}
          </Button>
        </EmptyState>
      ) : candidates.length === 0 ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title={t('candidates.emptyTitle')}
          description={t('candidates.emptyDescription')}
        />
      ) : (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('candidates.ballot')}
        >
          {candidates.map((candidate) => (
            <CandidateRow
              key={candidate.id}
              candidate={candidate}
              onEdit={() => setEditing(candidate)}
              onDelete={() => setDeleting(candidate)}
            />
          ))}
        </Stack>
      )}

      {editing && (
        <CandidateEditor
          electionId={electionId}
          candidate={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('candidates.deleteTitle')}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting && t('candidates.deleteBody', { name: deleting.name })}
      </ConfirmDelete>
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminElections', 'elections'] });

export default routeComponent(AdminElectionCandidatesPage);
