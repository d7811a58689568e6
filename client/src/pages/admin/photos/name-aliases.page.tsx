import {
  ActionIcon,
  Alert,
  EmptyState,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAddressBook, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { MEMBER_TYPE_LABELS } from '../../../../../shared/member-photos';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { formatElectionTime } from '../../../components/elections/election-dates';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { AliasForm } from './AliasForm';

type NameAlias = RouterOutputs['photos']['aliases']['list'][number];

/** /admin/data-tools/name-aliases: names as the parliament's site spells them, mapped to members. */
export function AdminNameAliasesPage() {
  usePageMeta(
    'Name Aliases',
    'Names as the parliament’s site spells them, mapped to House members and senators.',
  );
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const aliases = useQuery(trpc.photos.aliases.list.queryOptions());
  const [deleting, setDeleting] = useState<NameAlias | null>(null);
  const remove = useMutation(
    trpc.photos.aliases.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Name alias deleted', `“${deleting?.scrapedName ?? ''}” no longer leads to a member.`);
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.photos.aliases.list.queryKey() });
      },
      onError: (error) => notifyFailure('Failed to delete name alias', error),
    }),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Name Aliases</Title>
        <Text c="dimmed">
          When the parliament’s site spells a member’s name differently, an alias tells the photo job who it
          is.
        </Text>
      </div>
      <AliasForm />
      {aliases.isPending ? (
        <Skeleton h={160} />
      ) : aliases.isError ? (
        <Alert color="red" title="Failed to load name aliases">
          {failureReason(aliases.error)}
        </Alert>
      ) : aliases.data.length === 0 ? (
        <EmptyState icon={<IconAddressBook size={32} aria-hidden />} title="No name aliases yet" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Name aliases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name on the source</Table.Th>
                <Table.Th>Member</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {aliases.data.map((alias) => (
                <Table.Tr key={alias.id}>
                  <Table.Td fw={600}>{alias.scrapedName}</Table.Td>
                  <Table.Td>
                    {alias.memberName ?? <Text c="red">Member no longer listed</Text>}
                    <Text size="sm" c="dimmed">
                      {MEMBER_TYPE_LABELS[alias.memberType]}
                      {alias.memberDetail ? ` · ${alias.memberDetail}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatElectionTime(alias.createdAt)}</Text>
                    {alias.createdByEmail && (
                      <Text size="xs" c="dimmed">
                        {alias.createdByEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      aria-label={`Delete alias ${alias.scrapedName}`}
                      onClick={() => setDeleting(alias)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title="Delete name alias?"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        “{deleting?.scrapedName}” will no longer be matched to {deleting?.memberName ?? 'a member'}.
      </ConfirmDelete>
    </Stack>
  );
}
