import { Alert, Code, List, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { PhotoStatusBadge } from './PhotoStatusBadge';

/** A finished or running job's whole error log and the member photos it wrote. */
export function JobDetails({ jobId, active }: { jobId: string; active: boolean }) {
  const { t } = useTranslation('adminPhotos');
  const trpc = useTRPC();
  const details = useQuery(
    trpc.photos.job.queryOptions({ id: jobId }, { refetchInterval: active ? 2000 : false, staleTime: 0 }),
  );
  if (details.isPending) return <Skeleton h={120} />;
  if (details.isError) {
    return (
      <Alert color="red" title={t('details.loadFailed')}>
        {failureReason(details.error)}
      </Alert>
    );
  }
  const { job, result } = details.data;
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('details.errorLog', { number: job.errors.length })}
      </Title>
      {job.errors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noErrors')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <List size="sm" spacing={4} type="ordered" styles={{ itemWrapper: { overflowWrap: 'anywhere' } }}>
            {job.errors.map((error, index) => (
              // The log is append-only, so an entry's position is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <List.Item key={index}>{error}</List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
      {result && (
        <>
          <Title order={3} fz="md">
            {t('details.written', { number: result.updated_members.length })}
          </Title>
          {result.updated_members.length > 0 && (
            <Table.ScrollContainer minWidth={520} mah={360}>
              <Table striped aria-label={t('details.writtenLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('details.member')}</Table.Th>
                    <Table.Th>{t('details.house')}</Table.Th>
                    <Table.Th>{t('details.status')}</Table.Th>
                    <Table.Th>{t('details.source')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.updated_members.map((member) => (
                    <Table.Tr key={`${member.member_type}:${member.member_id}`}>
                      <Table.Td>{member.member_name}</Table.Td>
                      <Table.Td>{t(`memberType.${member.member_type}`)}</Table.Td>
                      <Table.Td>
                        <PhotoStatusBadge status={member.processing_status} />
                      </Table.Td>
                      <Table.Td>
                        <Code style={{ overflowWrap: 'anywhere' }}>{member.source_url ?? '—'}</Code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
