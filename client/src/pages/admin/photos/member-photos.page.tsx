import { Alert, Divider, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { formatNumber } from '../../../i18n/format';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { MemberPhotoFilters, type PhotoFilters } from './MemberPhotoFilters';
import { type MemberPhotoItem, MemberPhotoTable } from './MemberPhotoTable';
import { OverrideModal, type OverrideTarget } from './OverrideModal';
import { Pager } from './Pager';
import { PhotoJobPanel } from './PhotoJobPanel';

/** /admin/data-tools/member-photos: every member's photo and status, manual overrides, refresh jobs. */
export function AdminMemberPhotosPage() {
  const { t } = useTranslation(['adminPhotos', 'common']);
  usePageMeta(t('members.metaTitle'), t('members.metaDescription'));
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
    if (members.error) notifyFailure(t('members.loadFailed'), members.error);
  }, [members.error, t]);

  const clear = useMutation(
    trpc.photos.clearOverride.mutationOptions({
      onSuccess: async () => {
        notifySuccess(
          t('members.overrideUpdated'),
          t('members.overrideCleared', { name: clearing?.name ?? t('members.theMember') }),
        );
        setClearing(null);
        await queryClient.invalidateQueries({ queryKey: trpc.photos.members.queryKey() });
      },
      onError: (error) => notifyFailure(t('members.overrideFailed'), error),
    }),
  );

  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / members.data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('members.title')}</Title>
        <Text c="dimmed">{t('members.intro')}</Text>
      </div>
      <PhotoJobPanel />
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="members-heading">
        <Title order={2} id="members-heading" fz="h3">
          {t('members.heading')}
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
          <Alert color="red" title={t('members.loadFailed')}>
            {failureReason(members.error)}
          </Alert>
        ) : members.data.items.length === 0 ? (
          <EmptyState
            icon={<IconPhotoOff size={32} aria-hidden />}
            title={t('members.emptyTitle')}
            description={t('members.emptyDescription')}
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
              {t('members.count', { count: members.data.total, number: formatNumber(members.data.total) })}
            </Text>
            <Pager page={page} pages={pages} label={t('members.pages')} onChange={setPage} />
          </Group>
        )}
      </Stack>

      {overriding && <OverrideModal member={overriding} onClose={() => setOverriding(null)} />}
      <ConfirmDelete
        opened={clearing !== null}
        title={t('members.clearTitle')}
        confirmLabel={t('members.clearConfirm')}
        busy={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={() =>
          clearing && clear.mutate({ memberId: clearing.memberId, memberType: clearing.memberType })
        }
      >
        {clearing && t('members.clearBody', { name: clearing.name })}
      </ConfirmDelete>
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminPhotos'] });

export default routeComponent(AdminMemberPhotosPage);
