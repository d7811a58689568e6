import { Alert, Divider, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { MemberPhotoFilters, type PhotoFilters } from './MemberPhotoFilters';
import { type MemberPhotoItem, MemberPhotoTable } from './MemberPhotoTable';
import { OverrideModal, type OverrideTarget } from './OverrideModal';
import { Pager } from './Pager';
import { PhotoJobPanel } from './PhotoJobPanel';

/** /admin/data-tools/member-photos: every member's photo and status, manual overrides, refresh jobs. */
export function AdminMemberPhotosPage() {
  usePageMeta(
    'Member Photos',
    'Member photos of the House of the People and the Senate, and their refresh jobs.',
  );
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<PhotoFilters>({ memberType: null, status: null, search: '' });
  const [search] = useDebouncedValue(filters.search, 300);
  const [page, setPage] = useState(1);
  const [overriding, setOverriding] = useState<OverrideTarget | null>(null);
  const [clearing, setClearing] = useState<MemberPhotoItem | null>(null);

  const members = useQuery(
    trpc.photos.members.queryOptions(
      { memberType: filters.memberType ?? undefined, status: filters.status ?? undefined, search, page },
      { placeholderData: keepPreviousData },
    ),
  );
  useEffect(() => {
    if (members.error) notifyFailure('Failed to load member photos', members.error);
  }, [members.error]);

  const clear = useMutation(
    trpc.photos.clearOverride.mutationOptions({
      onSuccess: async () => {
        notifySuccess(
          'Manual override updated',
          `The manual override of ${clearing?.name ?? 'the member'} was cleared.`,
        );
        setClearing(null);
        await queryClient.invalidateQueries({ queryKey: trpc.photos.members.queryKey() });
      },
      onError: (error) => notifyFailure('Failed to update manual override', error),
    }),
  );

  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / members.data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Member Photos</Title>
        <Text c="dimmed">
          Photos of members of the House of the People and the Senate, as the directories show them.
        </Text>
      </div>
      <PhotoJobPanel />
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="members-heading">
        <Title order={2} id="members-heading" fz="h3">
          Members
        </Title>
        <MemberPhotoFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {members.isPending ? (
          <Skeleton h={320} />
        ) : members.isError ? (
          <Alert color="red" title="Failed to load member photos">
            {failureReason(members.error)}
          </Alert>
        ) : members.data.items.length === 0 ? (
          <EmptyState
            icon={<IconPhotoOff size={32} aria-hidden />}
            title="No members found"
            description="No member matches these filters."
          />
        ) : (
          <MemberPhotoTable
            items={members.data.items}
            onOverride={(item) =>
              setOverriding({ memberId: item.memberId, memberType: item.memberType, name: item.name })
            }
            onClear={setClearing}
          />
        )}
        {members.data && pages > 1 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {members.data.total} members
            </Text>
            <Pager page={page} pages={pages} label="Member pages" onChange={setPage} />
          </Group>
        )}
      </Stack>

      {overriding && <OverrideModal member={overriding} onClose={() => setOverriding(null)} />}
      <ConfirmDelete
        opened={clearing !== null}
        title="Clear manual override?"
        confirmLabel="Clear override"
        busy={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={() =>
          clearing && clear.mutate({ memberId: clearing.memberId, memberType: clearing.memberType })
        }
      >
        {clearing?.name} will show the photo from the refresh jobs again, or initials until one is found.
      </ConfirmDelete>
    </Stack>
  );
}
