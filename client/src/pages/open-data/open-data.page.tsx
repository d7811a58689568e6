import { Alert, Anchor, Button, Code, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { failureReason } from '../../lib/notify';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { ApiReference } from './ApiReference';
import { DatasetList } from './DatasetList';
import { catalogueQuery } from './open-data-queries';

/** Where an election's record downloads (docs/election-record.md; the route is the election record's own). */
const RECORD_URL = '/api/v1/elections/{id}/record';
/** Where a verifiable election's Belenios archive downloads (docs/election-record.md#verifiable-elections). */
const ARCHIVE_URL = '/api/v1/elections/{id}/archive.bel';
/** The folder the steps download the archive into and point belenios-tool at. */
const FOLDER = 'election';

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

/** The open data: the datasets, the API reference and how to check an election record or a verifiable election. */
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

        <Section id="verifiable-election" title={t('verifiableTitle')}>
          <VerifiableElectionCheck />
        </Section>
      </Stack>
    </PageContainer>
  );
}

/**
 * How to check a whole verifiable election with belenios-tool: download its archive, `election verify`,
 * `election compute-result`, and find one's own tracker. The commands name this site's own address.
 */
function VerifiableElectionCheck() {
  const { t } = useTranslation('openData');
  const origin = (useRouteLoaderData('root') as { origin?: string } | undefined)?.origin ?? '';
  const step = (key: 'download' | 'verify' | 'result', values: Record<string, string>) => (
    <List.Item>
      <Trans t={t} i18nKey={`verifiableSteps.${key}`} values={values} components={[<Code key="code" />]} />
    </List.Item>
  );
  const commands = [
    `mkdir ${FOLDER}`,
    `curl -o ${FOLDER}/archive.bel ${origin}${ARCHIVE_URL}`,
    `belenios-tool election verify --dir ${FOLDER}`,
    `belenios-tool election compute-result --dir ${FOLDER}`,
  ].join('\n');
  return (
    <>
      <Text>{t('verifiableIntro')}</Text>
      <List type="ordered" spacing="xs">
        {step('download', { archiveUrl: ARCHIVE_URL })}
        {step('verify', { folder: FOLDER })}
        {step('result', { folder: FOLDER })}
        <List.Item>
          <Trans
            t={t}
            i18nKey="verifiableSteps.tracker"
            components={[<Anchor key="verify" component={Link} to="/verify" />]}
          />
        </List.Item>
      </List>
      <Text>{t('verifiableCommands')}</Text>
      {/* Wrapped rather than scrolled: a phone reads every command whole. */}
      <Code
        block
        data-testid="verifiable-commands"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {commands}
      </Code>
      <Text>
        <Trans t={t} i18nKey="verifiableDocs" components={[<Code key="docs" />]} />
      </Text>
    </>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['openData', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(OpenDataPage);
