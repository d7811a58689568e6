import { Alert, Anchor, Button, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { failureReason } from '../../lib/notify';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { useTRPC } from '../../lib/trpc';
import { ApiReference } from './ApiReference';
import { DatasetList } from './DatasetList';
import { catalogueQuery } from './open-data-queries';

/** Where an election's record downloads (docs/election-record.md; the route is the election record's own). */
const RECORD_URL = '/api/v1/elections/{id}/record';

/** The first view: the datasets and the API reference, the same for every reader. */
export const pageData: PageData = ({ trpc }) => [catalogueQuery(trpc)];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The open data: the datasets, the API reference and how to check an election record. */
export function OpenDataPage() {
  const { t } = useTranslation('openData');
  usePageMeta(t('title'), t('metaDescription'));
  const trpc = useTRPC();
  const catalogue = useQuery(catalogueQuery(trpc));
  return (
    <PageContainer size="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt="xs" size="lg">
            {t('intro')}
          </Text>
          <Text mt="sm">
            <Trans
              t={t}
              i18nKey="licence"
              components={[
                <Anchor
                  key="licence"
                  href="https://creativecommons.org/licenses/by/4.0/"
                  target="_blank"
                  rel="noopener noreferrer"
                />,
              ]}
            />
          </Text>
        </div>

        <Section id="datasets" title={t('datasetsTitle')}>
          <Text>{t('datasetsIntro')}</Text>
          {catalogue.isPending ? (
            <Stack aria-busy="true" aria-label={t('loading')}>
              <Skeleton height={140} />
              <Skeleton height={140} />
            </Stack>
          ) : catalogue.isError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('failed')} role="alert">
              <Text size="sm">{failureReason(catalogue.error)}</Text>
              <Button variant="light" color="red" mt="sm" h={44} onClick={() => void catalogue.refetch()}>
                {t('tryAgain')}
              </Button>
            </Alert>
          ) : (
            <DatasetList datasets={catalogue.data.datasets} />
          )}
        </Section>

        <Section id="api" title={t('apiTitle')}>
          <Text>{t('apiIntro')}</Text>
          <Text>
            <Trans
              t={t}
              i18nKey="openApi"
              values={{ url: '/api/v1/openapi.json' }}
              components={[<Anchor key="openapi" href="/api/v1/openapi.json" />]}
            />
          </Text>
          {catalogue.data && <ApiReference routes={catalogue.data.api} />}
        </Section>

        <Section id="election-record" title={t('recordTitle')}>
          <Text>
            <Trans
              t={t}
              i18nKey="recordText"
              values={{ recordUrl: RECORD_URL }}
              components={[
                <Code key="record" />,
                <Code key="script" />,
                <Anchor key="verify" component={Link} to="/verify" />,
                <Code key="docs" />,
              ]}
            />
          </Text>
        </Section>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['openData', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default OpenDataPage;
