import { Alert, Button, Collapse, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureReason } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { JobDetails } from './JobDetails';
import { isActiveJob, JobProgressCard } from './JobProgressCard';
import { Pager } from './Pager';

/** /admin/data-tools/photo-jobs: every photo job, newest first, with its details and whole error log. */
export function AdminPhotoJobsPage() {
  const { t } = useTranslation('adminPhotos');
  usePageMeta(t('jobsPage.metaTitle'), t('jobsPage.metaDescription'));
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const open = params.get('job');
  const jobs = useQuery(
    trpc.photos.jobs.queryOptions(
      { page },
      {
        placeholderData: keepPreviousData,
        refetchInterval: (query) => (query.state.data?.jobs.some(isActiveJob) ? 1000 : false),
      },
    ),
  );
  const toggle = (id: string) => setParams(open === id ? {} : { job: id }, { replace: true });
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / jobs.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('jobsPage.title')}</Title>
        <Text c="dimmed">{t('jobsPage.intro')}</Text>
      </div>
      {jobs.isPending ? (
        <Skeleton h={240} />
      ) : jobs.isError ? (
        <Alert color="red" title={t('jobs.loadFailed')}>
          {failureReason(jobs.error)}
        </Alert>
      ) : jobs.data.jobs.length === 0 ? (
        <EmptyState
          icon={<IconHistory size={32} aria-hidden />}
          title={t('jobsPage.emptyTitle')}
          description={t('jobsPage.emptyDescription')}
        />
      ) : (
        jobs.data.jobs.map((job) => (
          <Stack key={job.id} gap="xs">
            <JobProgressCard job={job} headingLevel={2} />
            <Group>
              <Button
                variant="subtle"
                h={44}
                onClick={() => toggle(job.id)}
                aria-expanded={open === job.id}
                aria-controls={`job-details-${job.id}`}
              >
                {open === job.id ? t('jobsPage.hideDetails') : t('jobsPage.showDetails')}
              </Button>
            </Group>
            <Collapse expanded={open === job.id} id={`job-details-${job.id}`}>
              {open === job.id && <JobDetails jobId={job.id} active={isActiveJob(job)} />}
            </Collapse>
          </Stack>
        ))
      )}
      {jobs.data && pages > 1 && (
        <Pager page={page} pages={pages} label={t('jobsPage.pages')} onChange={setPage} />
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminPhotos'] });

export default routeComponent(AdminPhotoJobsPage);
