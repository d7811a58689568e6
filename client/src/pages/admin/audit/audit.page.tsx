import {
  Alert,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin/AdminTable';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { formatDateTime } from '../../../i18n/format';
import { notifyFailure } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { formatNewValues } from './audit-format';

const PAGE_SIZE = 50;
// To the second: an audit trail orders moments that can be close together.
const WHEN = { dateStyle: 'medium', timeStyle: 'medium' } as const;

const ACTION_COLORS = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  activate: 'teal',
  deactivate: 'orange',
  import: 'grape',
  setCenters: 'blue',
  removeCenters: 'orange',
} as const;
type KnownAction = keyof typeof ACTION_COLORS;
const isKnownAction = (action: string): action is KnownAction => action in ACTION_COLORS;

/** /admin/audit: who changed what and when, newest first, filtered by table and action. */
export function AdminAuditPage() {
  return (
    <StepUpGate>
      <AdminAuditContent />
    </StepUpGate>
  );
}

function AdminAuditContent() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta(t('audit.title'));
  // The server records actions as codes; known ones are named in the reader's language, others shown as stored.
  const actionName = (code: string) => (isKnownAction(code) ? t(`audit.actions.${code}`) : code);
  const trpc = useTRPC();
  const [tableName, setTableName] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [actorId, setActorId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [recordId, setRecordId] = useState('');
  const filters = useQuery(trpc.admin.auditLog.filters.queryOptions());
  // A native date field gives 'YYYY-MM-DD' or nothing; the server reads the days in East Africa Time.
  const daysOutOfOrder = from !== '' && to !== '' && from > to;
  const chosen = {
    tableName: tableName ?? undefined,
    action: action ?? undefined,
    actorId: actorId ?? undefined,
    from: from || undefined,
    to: to || undefined,
    recordId: recordId.trim() || undefined,
  };
  const log = useInfiniteQuery({
    ...trpc.admin.auditLog.list.infiniteQueryOptions(
      { ...chosen, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    enabled: !daysOutOfOrder,
  });
  // The export takes the same filters as the table: what is on screen (all pages of it) is what is downloaded.
  const exportQuery = new URLSearchParams(
    Object.entries(chosen).flatMap(([name, value]) => (value ? [[name, value]] : [])),
  ).toString();
  const exportHref = `/api/admin/audit-log.csv${exportQuery ? `?${exportQuery}` : ''}`;
  const filtered = Object.values(chosen).some(Boolean);

  useEffect(() => {
    if (log.error) notifyFailure(t('audit.loadFailed'), log.error);
  }, [log.error, t]);

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>{t('audit.title')}</Title>
      <Group align="flex-end">
        <Select
          label={t('audit.table')}
          placeholder={t('audit.allTables')}
          data={filters.data?.tables ?? []}
          value={tableName}
          onChange={setTableName}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('audit.action')}
          placeholder={t('audit.allActions')}
          data={(filters.data?.actions ?? []).map((code) => ({ value: code, label: actionName(code) }))}
          value={action}
          onChange={setAction}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('audit.actor')}
          placeholder={t('audit.allActors')}
          data={(filters.data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.contact }))}
          value={actorId}
          onChange={setActorId}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={daysOutOfOrder ? t('audit.daysOutOfOrder') : undefined}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label={t('audit.recordId')}
          description={t('audit.recordIdHint')}
          value={recordId}
          onChange={(event) => setRecordId(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      <Group gap="sm" align="center">
        <Button
          component="a"
          href={exportHref}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={daysOutOfOrder}
        >
          {t('audit.download')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('audit.downloadHint')}
        </Text>
      </Group>

      {daysOutOfOrder ? null : log.isPending ? (
        <Skeleton h={240} />
      ) : log.isError ? (
        <Alert color="red" role="alert" title={t('audit.cannotLoad')}>
          <Button mt="sm" variant="default" onClick={() => log.refetch()}>
            {t('audit.tryAgain')}
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconHistory size={32} aria-hidden />}
          title={t('audit.emptyTitle')}
          description={filtered ? t('general.noFilterMatch') : t('audit.emptyBody')}
        />
      ) : (
        <AdminTable
          label={t('audit.log')}
          minWidth={1100}
          columns={[
            t('audit.when'),
            t('audit.who'),
            t('audit.action'),
            t('audit.record'),
            t('audit.oldValues'),
            t('audit.newValues'),
          ]}
          verticalSpacing="sm"
        >
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt, WHEN)}</time>
              </Table.Td>
              <Table.Td>{entry.actorEmail ?? t('audit.system')}</Table.Td>
              <Table.Td>
                <Badge
                  color={isKnownAction(entry.action) ? ACTION_COLORS[entry.action] : 'gray'}
                  variant="light"
                >
                  {actionName(entry.action)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.tableName}
                </Text>
                {entry.recordId && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entry.recordId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={320}>{entry.oldValues && <AuditValues values={entry.oldValues} />}</Table.Td>
              <Table.Td maw={320}>{entry.newValues && <AuditValues values={entry.newValues} />}</Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}

      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            {t('common:actions.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A record's values as the log keeps them. Long ones scroll inside the cell, so the block takes the keyboard's
 * focus: a keyboard user reaches and scrolls them too (WCAG 2.1.1).
 */
function AuditValues({ values }: { values: Parameters<typeof formatNewValues>[0] }) {
  return (
    <Code
      block
      fz="xs"
      tabIndex={0}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: '12rem', overflow: 'auto' }}
    >
      {formatNewValues(values)}
    </Code>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminAuditPage);
