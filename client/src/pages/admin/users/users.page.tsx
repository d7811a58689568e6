import {
  Alert,
  Badge,
  EmptyState,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { ActiveToggleButton, EditRowButton, RowActionsCell } from '../../../components/RowActions';
import { formatDate, formatNumber } from '../../../i18n/format';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { InvitationsSection } from './InvitationsSection';
import { ROLE_LABELS, RoleBadge } from './RoleBadge';
import { type AdminUser, UserEditModal } from './UserEditModal';

const PAGE_SIZE = 25;
const STAT_LABELS = ['total', 'active', 'admins', 'supervisors', 'registrars', 'citizens'] as const;

/** /admin/users: every profile, newest first, with statistics, editing and Activate/Deactivate; and invitations. */
export function AdminUsersPage() {
  return (
    <StepUpGate>
      <AdminUsersContent />
    </StepUpGate>
  );
}

function AdminUsersContent() {
  const { t } = useTranslation('admin');
  usePageMeta(t('users.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.users.list.queryOptions());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.list.queryKey() });

  useEffect(() => {
    if (list.error) notifyFailure(t('users.loadFailed'), list.error);
  }, [list.error, t]);

  const setActive = useMutation(
    trpc.admin.users.setActive.mutationOptions({
      onSuccess: async (result) => {
        // Reactivating a staff account gives its role back: it waits for a second System Admin.
        const done =
          'pendingApproval' in result
            ? 'users.reactivationRequested'
            : result.isActive
              ? 'users.activated'
              : 'users.deactivated';
        notifySuccess(t('general.success'), t(done));
        await refresh();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('general.error'),
          message: t('users.statusFailed', { reason: failureReason(error) }),
        }),
    }),
  );

  const stats = list.data?.stats;
  const allUsers = list.data?.users ?? [];
  const needle = search.trim().toLowerCase();
  const users = needle
    ? allUsers.filter(
        (u) =>
          (u.email ?? u.accountPhone ?? '').includes(needle) || u.fullName.toLowerCase().includes(needle),
      )
    : allUsers;
  // Pages of 25 keep the table short on a phone however many citizens sign up.
  const pages = Math.max(1, Math.ceil(users.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageRows = users.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const statValues = stats && [
    stats.total,
    stats.active,
    stats.byRole['System Admin'],
    stats.byRole['Enrollment Supervisor'],
    stats.byRole.Registrar,
    stats.byRole.Citizen,
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('users.title')}</Title>
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
        {t('users.notSupported')}
      </Alert>

      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 6 }}
        spacing="sm"
        component="section"
        aria-label={t('users.statsLabel')}
      >
        {STAT_LABELS.map((label, index) => (
          <Paper key={label} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {t(`users.stats.${label}`)}
            </Text>
            {statValues ? (
              <Text fz={26} fw={700}>
                {formatNumber(statValues[index] ?? 0)}
              </Text>
            ) : (
              <Skeleton h={34} mt={4} w={60} />
            )}
          </Paper>
        ))}
      </SimpleGrid>

      <TextInput
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={{ base: '100%', xs: 320 }}
      />

      {list.isPending ? (
        <Skeleton h={240} />
      ) : users.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} aria-hidden />}
          title={t('users.emptyTitle')}
          description={needle ? t('users.emptySearch') : undefined}
        />
      ) : (
        <AdminTable
          label={t('users.table')}
          minWidth={820}
          columns={[
            t('users.email'),
            t('users.name'),
            t('users.phone'),
            t('users.role'),
            t('general.status'),
            t('users.joined'),
          ]}
          withActions
          highlightOnHover
        >
          {pageRows.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td fw={600}>{u.fullName}</Table.Td>
              <Table.Td>{u.phone ?? '—'}</Table.Td>
              <Table.Td>
                <RoleBadge role={u.role} />
                {u.pendingGrant && (
                  <Text size="xs" c="yellow.8" fw={500} mt={4}>
                    {t('users.grantWaiting', { role: t(ROLE_LABELS[u.pendingGrant.role]) })}
                  </Text>
                )}
                {u.role === 'Registrar' && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('users.centerCount', { count: u.centerCount })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={u.isActive ? 'green' : 'gray'} variant="dot">
                  {u.isActive ? t('general.active') : t('general.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(u.createdAt, { dateStyle: 'medium' })}</Table.Td>
              <RowActionsCell>
                <ActiveToggleButton
                  name={u.email ?? u.accountPhone ?? ''}
                  isActive={u.isActive}
                  loading={setActive.isPending && setActive.variables?.id === u.id}
                  onToggle={() => setActive.mutate({ id: u.id, isActive: !u.isActive })}
                  warn
                />
                <EditRowButton name={u.email ?? u.accountPhone ?? ''} onClick={() => setEditing(u)} />
              </RowActionsCell>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('users.count', { count: users.length })}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} aria-label={t('users.pages')} />
        </Group>
      )}

      <InvitationsSection />

      {editing && <UserEditModal user={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminUsersPage);
