import { Button, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText } from '../../../components/content/ContentText';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { formatEatTime } from '../../../i18n/format';
import { useTRPC } from '../../../lib/trpc';
import { useLoadFailure } from './use-election-queries';

/** The election a sub-page (candidates, results) belongs to; "Failed to load election" when it cannot be read. */
export function useAdminElection(electionId: string) {
  const { t } = useTranslation('adminElections');
  const trpc = useTRPC();
  const election = useQuery(trpc.admin.elections.byId.queryOptions({ id: electionId }));
  useLoadFailure(election.error, t('page.loadFailed'));
  return election;
}

/** A wrong or deleted election id: the server answers NOT_FOUND, or BAD_REQUEST for something not an id. */
export function isMissingElection(error: unknown): boolean {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : null;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

export function ElectionNotFound() {
  const { t } = useTranslation('adminElections');
  return (
    <EmptyState
      icon={<IconSearch size={32} aria-hidden />}
      title={t('page.notFoundTitle')}
      description={t('page.notFoundDescription')}
    >
      <Button component={Link} to="/admin/elections" h={44} variant="light">
        {t('page.backToElections')}
      </Button>
    </EmptyState>
  );
}

type Section = 'candidates' | 'results';

interface ElectionPageHeaderProps {
  election: ReturnType<typeof useAdminElection>['data'];
  section: Section;
  heading: string;
}

/** Back link, the election's title, status and dates, and a switch between its candidates and results. */
export function ElectionPageHeader({ election, section, heading }: ElectionPageHeaderProps) {
  const { t } = useTranslation('adminElections');
  const other: Section = section === 'candidates' ? 'results' : 'candidates';
  return (
    <Stack gap="xs">
      <Button
        component={Link}
        to="/admin/elections"
        variant="subtle"
        h={44}
        px="xs"
        w="fit-content"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {t('page.allElections')}
      </Button>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          {election ? (
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                <ContentText text={election.titleText} />
              </Text>
              <ElectionStatusBadge status={election.status} />
            </Group>
          ) : (
            <Skeleton h={24} w={240} />
          )}
          {election && (
            <Text size="sm" c="dimmed">
              {formatEatTime(election.startTime)} – {formatEatTime(election.endTime)}
            </Text>
          )}
        </Stack>
        {election && (
          <Button
            component={Link}
            to={`/admin/elections/${election.id}/${other}`}
            variant="light"
            h={44}
            leftSection={
              other === 'results' ? (
                <IconChartBar size={18} aria-hidden />
              ) : (
                <IconUsers size={18} aria-hidden />
              )
            }
          >
            {other === 'results' ? t('page.viewResults') : t('page.manageCandidates')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
