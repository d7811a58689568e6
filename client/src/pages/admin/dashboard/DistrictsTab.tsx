import {
  Badge,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DISTRICT_REGIONS } from '@shared/regions';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { DeleteRowButton, EditRowButton, RowActionsCell } from '../../../components/RowActions';
import { formatNumber } from '../../../i18n/format';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { type District, DistrictForm } from './DistrictForm';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

const PAGE_SIZE = 20;

/** The Federal Member States tab: districts per region, and the districts themselves. */
export function DistrictsTab() {
  const { t } = useTranslation('admin');
  // Regions are stored by their English name, an identifier; the reader sees their own language's spelling.
  const regionName = useRegionName();
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const districts = useQuery(trpc.admin.districts.list.queryOptions());
  useLoadFailure(districts.error, t('districts.loadFailed'));
  const [region, setRegion] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<District | 'new' | null>(null);
  const [deleting, setDeleting] = useState<District | null>(null);
  const remove = useMutation(
    trpc.admin.districts.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('districts.deleted'));
        setDeleting(null);
        await refreshAdmin();
      },
      onError: (error) => failureToast(t('districts.deleteFailed'), error),
    }),
  );

  const all = districts.data ?? [];
  const counts = new Map<string, number>();
  for (const d of all) counts.set(d.region, (counts.get(d.region) ?? 0) + 1);
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (d) =>
      (!region || d.region === region) &&
      (!needle || d.name.toLowerCase().includes(needle) || d.code.toLowerCase().includes(needle)),
  );
  // Ninety-odd districts are too long for one table on a phone: pages of 20.
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageRows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const filterBy = (next: string | null) => {
    setRegion(next);
    setPage(1);
  };

  return (
    <Stack>
      <section aria-labelledby="regions-heading">
        <Title order={2} fz="h4" id="regions-heading" mb="xs">
          {t('districts.regionsHeading')}
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs">
          {DISTRICT_REGIONS.map((name) => (
            <UnstyledButton
              key={name}
              onClick={() => filterBy(region === name ? null : name)}
              aria-pressed={region === name}
            >
              <Paper
                withBorder
                p="xs"
                radius="md"
                bg={region === name ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Text size="sm" fw={600} truncate>
                  {regionName(name)}
                </Text>
                <Text size="xs" c="dimmed">
                  {districts.data ? t('districts.count', { count: counts.get(name) ?? 0 }) : '…'}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>

      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm" style={{ flex: '1 1 auto' }}>
          <TextInput
            label={t('districts.search')}
            placeholder={t('districts.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('general.region')}
            placeholder={t('districts.allRegions')}
            data={DISTRICT_REGIONS.map((value) => ({ value, label: regionName(value) }))}
            value={region}
            onChange={filterBy}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('districts.add')}
        </Button>
      </Group>

      {districts.isPending ? (
        <Skeleton h={200} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<IconMapPin size={32} aria-hidden />}
          title={t('districts.emptyTitle')}
          description={region || needle ? t('general.noFilterMatch') : t('districts.emptyFirst')}
        />
      ) : (
        <AdminTable
          label={t('districts.table')}
          minWidth={560}
          columns={[
            t('general.name'),
            t('general.code'),
            t('general.region'),
            { label: t('districts.population'), align: 'right' },
          ]}
          withActions
          highlightOnHover
        >
          {pageRows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td fw={600}>{d.name}</Table.Td>
              <Table.Td>
                <Badge variant="outline" color="gray">
                  {d.code}
                </Badge>
              </Table.Td>
              <Table.Td>{regionName(d.region)}</Table.Td>
              <Table.Td ta="right">{d.population === null ? '—' : formatNumber(d.population)}</Table.Td>
              <RowActionsCell>
                <EditRowButton name={d.name} onClick={() => setEditing(d)} />
                <DeleteRowButton name={d.name} onClick={() => setDeleting(d)} />
              </RowActionsCell>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('districts.count', { count: shown.length })}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} aria-label={t('districts.pages')} />
        </Group>
      )}

      {editing && (
        <DistrictForm district={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('districts.deleteTitle')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting && t('districts.deleteBody', { name: deleting.name, code: deleting.code })}
      </ConfirmDelete>
    </Stack>
  );
}
