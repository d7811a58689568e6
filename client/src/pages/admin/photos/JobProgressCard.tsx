import { Anchor, Group, List, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEatTime, formatNumber } from '../../../i18n/format';
import { PhotoStatusBadge } from './PhotoStatusBadge';

export type PhotoJobSummary = RouterOutputs['photos']['recentJobs'][number];

export const isActiveJob = (job: { status: string }) => job.status === 'pending' || job.status === 'running';

/** "12 of 329 members (4%)", or what the job is doing before it knows how many members there are. */
export function progressText(job: PhotoJobSummary, t: TFunction<'adminPhotos'>): string {
  if (job.status === 'pending') return t('job.waiting');
  if (job.totalMembers === 0) return isActiveJob(job) ? t('job.reading') : t('job.noMembers');
  const percent = Math.floor((job.processedMembers / job.totalMembers) * 100);
  return t('job.progress', {
    processed: formatNumber(job.processedMembers),
    total: formatNumber(job.totalMembers),
    percent: formatNumber(percent / 100, { style: 'percent' }),
  });
}

/** Each counter's label key and the job's field. */
const COUNTERS = [
  ['job.total', 'totalMembers'],
  ['job.processed', 'processedMembers'],
  ['job.updated', 'successfulUpdates'],
  ['job.failed', 'failedUpdates'],
  ['job.unmatched', 'unmatchedMembers'],
] as const;

/**
 * One photo job: its progress bar (live while it runs), its counters as text (the bar's text equivalent)
 * and the start of its error log.
 */
export function JobProgressCard({ job, headingLevel = 3 }: { job: PhotoJobSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('adminPhotos');
  const active = isActiveJob(job);
  const type = t(`jobType.${job.jobType}`);
  const progress = progressText(job, t);
  const value = job.totalMembers > 0 ? (job.processedMembers / job.totalMembers) * 100 : active ? 100 : 0;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={t('job.jobLabel', { type })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} component={headingLevel === 2 ? 'h2' : 'h3'} fz="md" m={0}>
            {type}
          </Text>
          <PhotoStatusBadge status={job.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('job.started', { time: formatEatTime(job.startedAt ?? job.createdAt) })}
          {job.createdByEmail ? t('job.by', { email: job.createdByEmail }) : ''}
          {job.completedAt ? t('job.ended', { time: formatEatTime(job.completedAt) }) : ''}
        </Text>
        <Progress
          value={value}
          animated={active}
          striped={active}
          color={job.status === 'failed' ? 'red' : job.status === 'completed' ? 'green' : 'blue'}
          size="lg"
          aria-label={t('job.progressLabel', { type })}
          aria-valuetext={progress}
        />
        <Text size="sm" data-testid="job-progress">
          {progress}
        </Text>
        <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" component="dl" m={0}>
          {COUNTERS.map(([name, key]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed">
                {t(name)}
              </Text>
              <Text component="dd" m={0} fw={600} data-testid={`job-${key}`}>
                {formatNumber(job[key])}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {job.errors.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('job.errors', { number: formatNumber(job.errorCount) })}
            </Text>
            <List size="sm" spacing={2} styles={{ itemWrapper: { overflowWrap: 'anywhere' } }}>
              {job.errors.map((error, index) => (
                // The log is append-only, so an entry's position is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <List.Item key={index}>{error}</List.Item>
              ))}
            </List>
            {job.errorCount > job.errors.length && (
              <Anchor component={Link} to={`/admin/data-tools/photo-jobs?job=${job.id}`} size="sm">
                {t('job.seeAll', { number: formatNumber(job.errorCount) })}
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
