import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RECENT_PHOTO_JOBS } from '@shared/member-photos';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureReason } from '../../../lib/notify';
import { JobProgressCard } from './JobProgressCard';
import { useRecentPhotoJobs } from './use-photo-jobs';

/** The refresh buttons and the latest 5 jobs with live progress. */
export function PhotoJobPanel() {
  const { t } = useTranslation('adminPhotos');
  const { jobs, running, start, starting } = useRecentPhotoJobs();
  const busy = running || starting !== undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="photo-jobs-heading">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} id="photo-jobs-heading" fz="h3">
            {t('jobs.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('jobs.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            h={44}
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => start('refresh')}
            loading={starting === 'refresh'}
            disabled={busy && starting !== 'refresh'}
          >
            {t('jobs.refreshAll')}
          </Button>
          <Button
            h={44}
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => start('missing_only')}
            loading={starting === 'missing_only'}
            disabled={busy && starting !== 'missing_only'}
          >
            {t('jobs.fetchMissing')}
          </Button>
        </Group>
      </Group>
      {running && (
        <Text size="sm" role="status">
          {t('jobs.running')}
        </Text>
      )}
      {jobs.isPending ? (
        <Skeleton h={120} />
      ) : jobs.isError ? (
        <Alert color="red" title={t('jobs.loadFailed')}>
          {failureReason(jobs.error)}
        </Alert>
      ) : jobs.data.length === 0 ? (
        <Text c="dimmed">{t('jobs.none')}</Text>
      ) : (
        <Stack gap="sm" aria-label={t('jobs.latest', { number: RECENT_PHOTO_JOBS })}>
          {jobs.data.map((job) => (
            <JobProgressCard key={job.id} job={job} />
          ))}
          <Anchor component={Link} to="/admin/data-tools/photo-jobs" size="sm">
            {t('jobs.all')}
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}
