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
  Title,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { formatNewValues } from './audit-format';

const PAGE_SIZE = 50;
// The reader's own locale and time zone: an audit trail is read by the admin, about moments in time.
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  activate: 'teal',
  deactivate: 'orange',
};

/** /admin/audit: who changed what and when, newest first, filtered by table and action. */
export function AdminAuditPage() {
  usePageMeta('Audit Log');
  const trpc = useTRPC();
  const [tableName, setTableName] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const filters = useQuery(trpc.admin.auditLog.filters.queryOptions());
  const log = useInfiniteQuery(
    trpc.admin.auditLog.list.infiniteQueryOptions(
      { tableName: tableName ?? undefined, action: action ?? undefined, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );

  useEffect(() => {
    if (log.error) notifyFailure('Failed to load the audit log', log.error);
  }, [log.error]);

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>Audit Log</Title>
      <Group align="flex-end">
        <Select
          label="Table"
          placeholder="All tables"
          data={filters.data?.tables ?? []}
          value={tableName}
          onChange={setTableName}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Action"
          placeholder="All actions"
          data={filters.data?.actions ?? []}
          value={action}
          onChange={setAction}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
      </Group>

      {log.isPending ? (
        <Skeleton h={240} />
      ) : log.isError ? (
        <Alert color="red" role="alert" title="The audit log could not be loaded">
          <Button mt="sm" variant="default" onClick={() => log.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconHistory size={32} aria-hidden />}
          title="No audit entries"
          description={tableName || action ? 'Nothing matches these filters.' : 'Admin changes appear here.'}
        />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="sm" aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>New values</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.createdAt.toISOString()}>{when.format(entry.createdAt)}</time>
                  </Table.Td>
                  <Table.Td>{entry.actorEmail ?? 'System'}</Table.Td>
                  <Table.Td>
                    <Badge color={ACTION_COLORS[entry.action] ?? 'gray'} variant="light">
                      {entry.action}
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
                  <Table.Td maw={380}>
                    {entry.newValues && (
                      <Code
                        block
                        fz="xs"
                        style={{
                          whiteSpace: 'pre-wrap',
                          wordBreak: 'break-word',
                          maxHeight: '12rem',
                          overflow: 'auto',
                        }}
                      >
                        {formatNewValues(entry.newValues)}
                      </Code>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
