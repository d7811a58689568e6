import { Anchor, Card, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { PROCESS_STATISTICS } from '@shared/content/figures';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { StatGrid } from './StatGrid';

/** The stages every election goes through, in order (texts: content transparent.stages.<key>). */
const STAGES = [
  'registration',
  'nomination',
  'campaign',
  'voting',
  'counting',
  'verification',
  'announcement',
] as const;

const COMMITMENTS = ['neutral', 'noGuesses', 'oneVote', 'privacy', 'accountability', 'open'] as const;

export function TransparentProcessPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('transparent.title'), t('transparent.metaDescription'));
  return (
    <PageContainer>
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('transparent.title')}</Title>
          <Text mt="xs" maw={720}>
            {t('transparent.intro')}
          </Text>
        </div>

        <Stack gap="md" component="section" aria-labelledby="timeline-title">
          <Title order={2} id="timeline-title">
            {t('transparent.timelineTitle')}
          </Title>
          <Timeline active={STAGES.length - 1} bulletSize={28} lineWidth={2}>
            {STAGES.map((stage, index) => (
              <Timeline.Item
                key={stage}
                bullet={
                  <Text fz="xs" fw={700}>
                    {index + 1}
                  </Text>
                }
                title={
                  <Title order={3} fz="h4">
                    {t(`transparent.stages.${stage}.title`)}
                  </Title>
                }
              >
                <Text size="sm" maw={640}>
                  {t(`transparent.stages.${stage}.text`)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="statistics-title">
          <Title order={2} id="statistics-title">
            {t('transparent.statisticsTitle')}
          </Title>
          <StatGrid
            stats={PROCESS_STATISTICS.map((stat) => ({
              label: t(`figures.${stat.label}`),
              value: stat.value,
            }))}
            label={t('transparent.statisticsLabel')}
          />
          <Text size="sm" c="dimmed">
            {t('transparent.statisticsNote')}
          </Text>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="commitments-title">
          <Title order={2} id="commitments-title">
            {t('transparent.commitmentsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {COMMITMENTS.map((commitment) => (
              <Card key={commitment} withBorder radius="md" padding="lg">
                <Title order={3} fz="h4" mb={4}>
                  {t(`transparent.commitments.${commitment}.title`)}
                </Title>
                <Text size="sm">{t(`transparent.commitments.${commitment}.text`)}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Text>
          <Trans
            t={t}
            i18nKey="transparent.seeResults"
            components={[
              <Anchor key="results" component={Link} to="/verified-results" />,
              <Anchor key="voting" component={Link} to="/voting" />,
            ]}
          />
        </Text>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'errors'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(TransparentProcessPage);
