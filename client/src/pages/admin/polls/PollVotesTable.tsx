import { Badge, Button, Code, EmptyState, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { POLL_VOTE_CHANNELS } from '@shared/polls';
import { IconDownload, IconInbox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepUpStatus } from '../../../components/auth/StepUpForm';
import { formatNumber } from '../../../i18n/format';
import { notifyFailure } from '../../../lib/notify';
import { requestStepUp } from '../../../lib/step-up';
import { useTRPC } from '../../../lib/trpc';
import { formatPollDateTime } from '../../polls/poll-format';

const PAGE_SIZE = 50;

/**
 * The votes view (docs/product.md#admin-polls): the votes per channel (web, USSD); each vote's ID, user ID, candidate,
 * time, IP hash and channel; and the CSV export of them all.
 */
export function PollVotesTable({ pollId }: { pollId: string }) {
  const { t } = useTranslation('adminPolls');
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const votes = useQuery(
    trpc.polls.votes.queryOptions(
      { pollId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  useEffect(() => {
    if (votes.error) notifyFailure(t('votes.loadFailed'), votes.error);
  }, [votes.error, t]);
  const stepUp = useStepUpStatus();
  const csvUrl = `/api/admin/polls/${pollId}/votes.csv`;
  const total = votes.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={2} fz="h3" id="votes-heading">
          {votes.data ? t('votes.headingCount', { number: formatNumber(total) }) : t('votes.heading')}
        </Title>
        {total > 0 && (
          <Button
            component="a"
            href={csvUrl}
            download
            onClick={(event) => {
              // The download needs a recent step-up too: a lapsed one asks for the password first.
              if (stepUp.data?.active && stepUp.data.until && stepUp.data.until.getTime() > Date.now())
                return;
              event.preventDefault();
              void requestStepUp().then((confirmed) => {
                if (confirmed) window.location.assign(csvUrl);
              });
            }}
            variant="default"
            mih={44}
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('votes.export')}
          </Button>
        )}
      </Group>
      {votes.data && total > 0 && (
        <Group gap="xs" data-testid="votes-by-channel" aria-label={t('votes.byChannel')} role="group">
          {POLL_VOTE_CHANNELS.map((channel) => (
            <Badge key={channel} variant="light" size="lg" color={channel === 'ussd' ? 'grape' : 'blue'}>
              {t('votes.channelCount', {
                channel: t(`votes.channels.${channel}`),
                number: formatNumber(votes.data.byChannel[channel]),
              })}
            </Badge>
          ))}
        </Group>
      )}
      {votes.isPending ? (
        <Skeleton h={200} />
      ) : !votes.data ? null : total === 0 ? (
        <EmptyState icon={<IconInbox size={32} aria-hidden />} title={t('votes.empty')} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={1200}>
            <Table striped aria-labelledby="votes-heading" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('votes.voteId')}</Table.Th>
                  <Table.Th>{t('votes.userId')}</Table.Th>
                  <Table.Th>{t('votes.candidate')}</Table.Th>
                  <Table.Th>{t('votes.time')}</Table.Th>
                  <Table.Th>{t('votes.ipHash')}</Table.Th>
                  <Table.Th>{t('votes.channel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {votes.data.votes.map((vote) => (
                  <Table.Tr key={vote.id}>
                    <Table.Td>
                      <Code>{vote.id}</Code>
                    </Table.Td>
                    <Table.Td>
                      {vote.userId ? (
                        <Code>{vote.userId}</Code>
                      ) : (
                        // A USSD vote from a number that belongs to no account.
                        <Text span c="dimmed">
                          {t('votes.none')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{vote.candidate}</Table.Td>
                    <Table.Td>{formatPollDateTime(vote.createdAt)}</Table.Td>
                    <Table.Td>
                      {vote.ipHash ? (
                        <Code title={vote.ipHash}>{vote.ipHash.slice(0, 16)}…</Code>
                      ) : (
                        <Text span c="dimmed">
                          {t('votes.none')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`votes.channels.${vote.channel}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group component="nav" justify="space-between" aria-label={t('votes.pages')}>
              <Button variant="default" mih={44} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('votes.previous')}
              </Button>
              <Text size="sm">
                {t('votes.page', { page: formatNumber(page), pages: formatNumber(pages) })}
              </Text>
              <Button variant="default" mih={44} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('votes.next')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
