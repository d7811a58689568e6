import {
  Avatar,
  Button,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconUserQuestion } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { initials } from '../../../../../shared/initials';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { DeleteRowButton, EditRowButton } from '../../../components/RowActions';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { type Candidate, CandidateForm } from './CandidateForm';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

/** Every election's candidates in one table (the dashboard tab and /admin/candidates). */
export function CandidateManagement() {
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const candidates = useQuery(trpc.admin.candidates.list.queryOptions());
  useLoadFailure(candidates.error, 'Failed to load candidates');
  const [editing, setEditing] = useState<Candidate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Candidate | null>(null);
  const remove = useMutation(
    trpc.admin.candidates.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Success', 'Candidate deleted successfully');
        setDeleting(null);
        await refreshAdmin();
      },
      onError: (error) => failureToast('Failed to delete candidate', error),
    }),
  );

  const rows = candidates.data ?? [];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          Add Candidate
        </Button>
      </Group>

      {candidates.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title="No Candidates Added"
          description="Add a candidate to an election to see them here."
        />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Candidates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Candidate</Table.Th>
                <Table.Th>Election</Table.Th>
                <Table.Th>Party</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={c.imageUrl}
                        alt={c.imageAlt ?? c.name}
                        radius="xl"
                        color="initials"
                        name={c.name}
                      >
                        {initials(c.name)}
                      </Avatar>
                      <Text fw={600} size="sm">
                        {c.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{c.electionTitle}</Text>
                      <ElectionStatusBadge status={c.electionStatus} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>{c.party ?? '—'}</Table.Td>
                  <Table.Td>{c.positionSought ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <EditRowButton name={c.name} onClick={() => setEditing(c)} />
                      <DeleteRowButton name={c.name} onClick={() => setDeleting(c)} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {editing && (
        <CandidateForm candidate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title="Delete candidate?"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting &&
          `${deleting.name} will be removed from ${deleting.electionTitle}. This cannot be undone.`}
      </ConfirmDelete>
    </Stack>
  );
}
