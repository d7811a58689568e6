import { Badge, Button, EmptyState, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { ContentText, MissingLanguages, useContentText } from '../../../components/content/ContentText';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import {
  ActiveToggleButton,
  DeleteRowButton,
  EditRowButton,
  RowActionsCell,
} from '../../../components/RowActions';
import { formatNumber } from '../../../i18n/format';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { type Center, CenterForm } from './CenterForm';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

const coordinates = (center: Center) =>
  center.latitude === null || center.longitude === null
    ? '—'
    : `${center.latitude.toFixed(4)}, ${center.longitude.toFixed(4)}`;

/** The Registration Centers tab: every center with its district and region, and Activate/Deactivate. */
export function CentersTab() {
  const { t } = useTranslation('admin');
  const regionName = useRegionName();
  const contentText = useContentText();
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const centers = useQuery(trpc.admin.centers.list.queryOptions());
  const districts = useQuery(trpc.admin.districts.list.queryOptions());
  useLoadFailure(centers.error, t('centers.loadFailed'));
  useLoadFailure(districts.error, t('districts.loadFailed'));
  const [editing, setEditing] = useState<Center | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Center | null>(null);

  const setActive = useMutation(
    trpc.admin.centers.setActive.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess(
          t('general.success'),
          result.isActive ? t('centers.activated') : t('centers.deactivated'),
        );
        await refreshAdmin();
      },
      onError: (error) => failureToast(t('centers.updateFailed'), error),
    }),
  );
  const remove = useMutation(
    trpc.admin.centers.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('centers.deleted'));
        setDeleting(null);
        await refreshAdmin();
      },
      onError: (error) => failureToast(t('centers.deleteFailed'), error),
    }),
  );

  const rows = centers.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {centers.data
            ? t('centers.activeSummary', {
                active: formatNumber(rows.filter((c) => c.isActive).length),
                total: formatNumber(rows.length),
              })
            : ' '}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('centers.add')}
        </Button>
      </Group>

      {centers.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconBuildingCommunity size={32} aria-hidden />}
          title={t('centers.emptyTitle')}
          description={t('centers.emptyFirst')}
        />
      ) : (
        <AdminTable
          label={t('centers.table')}
          minWidth={900}
          columns={[
            t('general.name'),
            t('general.district'),
            t('general.region'),
            { label: t('centers.capacity'), align: 'right' },
            t('centers.coordinates'),
            t('general.status'),
          ]}
          withActions
          highlightOnHover
        >
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  <ContentText text={c.nameText} />
                </Text>
                <MissingLanguages texts={[c.nameText]} />
                <Text size="xs" c="dimmed">
                  {c.code}
                  {c.address ? ` · ${c.address}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>{c.districtName ?? '—'}</Table.Td>
              <Table.Td>{c.region === null ? '—' : regionName(c.region)}</Table.Td>
              <Table.Td ta="right">{c.capacity === null ? '—' : formatNumber(c.capacity)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {coordinates(c)}
              </Table.Td>
              <Table.Td>
                <Badge color={c.isActive ? 'green' : 'gray'} variant="light">
                  {c.isActive ? t('general.active') : t('general.inactive')}
                </Badge>
              </Table.Td>
              <RowActionsCell>
                <ActiveToggleButton
                  name={contentText(c.nameText)}
                  isActive={c.isActive}
                  loading={setActive.isPending && setActive.variables?.id === c.id}
                  onToggle={() => setActive.mutate({ id: c.id, isActive: !c.isActive })}
                />
                <EditRowButton name={contentText(c.nameText)} onClick={() => setEditing(c)} />
                <DeleteRowButton name={contentText(c.nameText)} onClick={() => setDeleting(c)} />
              </RowActionsCell>
            </Table.Tr>
          ))}
        </AdminTable>
      )}

      {editing && (
        <CenterForm
          center={editing === 'new' ? null : editing}
          districts={districts.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('centers.deleteTitle')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting && t('centers.deleteBody', { name: contentText(deleting.nameText), code: deleting.code })}
      </ConfirmDelete>
    </Stack>
  );
}
