import { Anchor, Group, List, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { PHOTO_JOB_TYPE_LABELS } from '../../../../../shared/member-photos';
import { formatElectionTime } from '../../../components/elections/election-dates';
import { PhotoStatusBadge } from './PhotoStatusBadge';

export type PhotoJobSummary = RouterOutputs['photos']['recentJobs'][number];

export const isActiveJob = (job: { status: string }) => job.status === 'pending' || job.status === 'running';

/** "12 of 329 members (4%)", or what the job is doing before it knows how many members there are. */
export function progressText(job: PhotoJobSummary): string {
  if (job.status === 'pending') return 'Waiting to start';
  if (job.totalMembers === 0)
    return isActiveJob(job) ? 'Reading the member listings…' : 'No members to process';
  const percent = Math.floor((job.processedMembers / job.totalMembers) * 100);
  return `${job.processedMembers} of ${job.totalMembers} members (${percent}%)`;
}

const COUNTERS = [
  ['Total', 'totalMembers'],
  ['Processed', 'processedMembers'],
  ['Updated', 'successfulUpdates'],
  ['Failed', 'failedUpdates'],
  ['Unmatched', 'unmatchedMembers'],
] as const;

/**
 * One photo job: its progress bar (live while it runs), its counters as text (the bar's text equivalent)
 * and the start of its error log.
 */
export function JobProgressCard({ job, headingLevel = 3 }: { job: PhotoJobSummary; headingLevel?: 2 | 3 }) {
  const active = isActiveJob(job);
  const value = job.totalMembers > 0 ? (job.processedMembers / job.totalMembers) * 100 : active ? 100 : 0;
  const label = `${PHOTO_JOB_TYPE_LABELS[job.jobType]} progress`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${PHOTO_JOB_TYPE_LABELS[job.jobType]} job`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} component={headingLevel === 2 ? 'h2' : 'h3'} fz="md" m={0}>
            {PHOTO_JOB_TYPE_LABELS[job.jobType]}
          </Text>
          <PhotoStatusBadge status={job.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Started {formatElectionTime(job.startedAt ?? job.createdAt)}
          {job.createdByEmail ? ` by ${job.createdByEmail}` : ''}
          {job.completedAt ? ` · ended ${formatElectionTime(job.completedAt)}` : ''}
        </Text>
        <Progress
          value={value}
          animated={active}
          striped={active}
          color={job.status === 'failed' ? 'red' : job.status === 'completed' ? 'green' : 'blue'}
          size="lg"
          aria-label={label}
          aria-valuetext={progressText(job)}
        />
        <Text size="sm" data-testid="job-progress">
          {progressText(job)}
        </Text>
        <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" component="dl" m={0}>
          {COUNTERS.map(([name, key]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed">
                {name}
              </Text>
              <Text component="dd" m={0} fw={600} data-testid={`job-${key}`}>
                {job[key]}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {job.errors.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Errors ({job.errorCount})
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
                See all {job.errorCount} errors
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
