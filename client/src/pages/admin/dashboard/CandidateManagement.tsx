import { Avatar, Button, EmptyState, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { initials } from '@shared/initials';
import { IconPlus, IconUserQuestion } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { ContentText, MissingLanguages, useContentText } from '../../../components/content/ContentText';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { DeleteRowButton, EditRowButton, RowActionsCell } from '../../../components/RowActions';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { type Candidate, CandidateForm } from './CandidateForm';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

/** Every election's candidates in one table (the dashboard tab and /admin/candidates). */
export function CandidateManagement() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const contentText = useContentText();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const candidates = useQuery(trpc.admin.candidates.list.queryOptions());
  useLoadFailure(candidates.error, t('candidates.loadFailed'));
  const [editing, setEditing] = useState<Candidate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Candidate | null>(null);
  const remove = useMutation(
    trpc.admin.candidates.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('candidates.deleted'));
        setDeleting(null);
        await refreshAdmin();
      },
      onError: (error) => failureToast(t('candidates.deleteFailed'), error),
    }),
  );

  const rows = candidates.data ?? [];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('candidates.add')}
        </Button>
      </Group>

      {candidates.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden />}
          title={t('candidates.emptyTitle')}
          description={t('candidates.emptyBody')}
        />
      ) : (
        <AdminTable
          label={t('candidates.table')}
          minWidth={760}
          columns={[
            t('candidates.candidate'),
            t('candidates.election'),
            t('candidates.party'),
            t('candidates.position'),
          ]}
          withActions
          highlightOnHover
        >
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={c.imageUrl}
                    alt={contentText(c.imageAltText) || c.name}
                    radius="xl"
                    color="initials"
                    name={c.name}
                  >
                    {initials(c.name)}
                  </Avatar>
                  <Stack gap={4} align="flex-start">
                    <Text fw={600} size="sm">
                      {c.name}
                    </Text>
                    <MissingLanguages
                      texts={[c.partyText, c.positionSoughtText, c.bioText, c.imageAltText]}
                    />
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">
                    <ContentText text={c.electionTitleText} />
                  </Text>
                  <ElectionStatusBadge status={c.electionStatus} />
                </Stack>
              </Table.Td>
              <Table.Td>{c.party === null ? '—' : <ContentText text={c.partyText} />}</Table.Td>
              <Table.Td>
                {c.positionSought === null ? '—' : <ContentText text={c.positionSoughtText} />}
              </Table.Td>
              <RowActionsCell>
                <EditRowButton name={c.name} onClick={() => setEditing(c)} />
                <DeleteRowButton name={c.name} onClick={() => setDeleting(c)} />
              </RowActionsCell>
            </Table.Tr>
          ))}
        </AdminTable>
      )}

      {editing && (
        <CandidateForm candidate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('candidates.deleteTitle')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting &&
          t('candidates.deleteBody', {
            name: deleting.name,
            election: contentText(deleting.electionTitleText),
          })}
      </ConfirmDelete>
    </Stack>
  );
}
