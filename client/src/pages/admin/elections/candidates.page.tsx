import { Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconUserQuestion } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
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

/** /admin/elections/{id}/candidates: the ballot of one election, in order, with add, edit and delete. */
export function AdminElectionCandidatesPage() {
  const electionId = useParams().electionId ?? '';
  const trpc = useTRPC();
  const refresh = useRefreshElections();
  const election = useAdminElection(electionId);
  usePageMeta(
    election.data ? `Candidates – ${election.data.title}` : 'Candidates',
    'Add, edit and remove the candidates of an election, with their photos.',
  );
  const list = useQuery(trpc.admin.elections.candidates.list.queryOptions({ electionId }));
  useLoadFailure(
    list.error && !isMissingElection(list.error) ? list.error : null,
    'Failed to load candidates',
  );
  const [editing, setEditing] = useState<ElectionCandidate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ElectionCandidate | null>(null);

  const remove = useMutation(
    trpc.admin.elections.candidates.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Success', 'Candidate deleted successfully');
        setDeleting(null);
        await refresh();
      },
      onError: (error) => notifyFailure('Failed to delete candidate', error),
    }),
  );

  if (isMissingElection(election.error)) return <ElectionNotFound />;
  const candidates = list.data ?? [];

  return (
    <Stack gap="lg">
      <ElectionPageHeader election={election.data} section="candidates" heading="Candidates" />
      <Group justify="space-between">
        <Text c="dimmed">
          {list.data ? `${candidates.length} on the ballot, in ballot order.` : 'Loading the ballot…'}
        </Text>
        <Button h={44} leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          Add Candidate
        </Button>
      </Group>

      {list.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : list.isError ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title="Failed to load candidates"
          description="Check your connection and try again."
        >
          <Button h={44} variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : candidates.length === 0 ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title="No Candidates Added"
          description="Add the first candidate to this election's ballot."
        />
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Ballot">
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
        title="Delete candidate?"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting && `${deleting.name} will be removed from the ballot. This cannot be undone.`}
      </ConfirmDelete>
    </Stack>
  );
}
