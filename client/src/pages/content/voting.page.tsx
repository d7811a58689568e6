import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  STATIC_ELECTIONS,
  type StaticElectionStatus,
  type StaticElectionSummary,
} from '@shared/content/elections';
import {
  IconArrowRight,
  IconFingerprint,
  IconListCheck,
  IconLock,
  IconReceipt,
  IconShieldCheck,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { formatDate, formatDay } from '../../i18n/format';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';

interface Feature {
  key: 'oneVote' | 'receipt' | 'accounts' | 'noVotingInYourName' | 'resultsRules' | 'auditLog';
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const FEATURES: readonly Feature[] = [
  { key: 'oneVote', icon: IconUserCheck },
  { key: 'receipt', icon: IconReceipt },
  { key: 'accounts', icon: IconLock },
  { key: 'noVotingInYourName', icon: IconFingerprint },
  { key: 'resultsRules', icon: IconListCheck },
  { key: 'auditLog', icon: IconShieldCheck },
];

const STATUS_COLORS: Record<StaticElectionStatus, string> = {
  Active: 'green',
  Scheduled: 'somaliBlue',
  Completed: 'gray',
};

/** "November 2021" for a month, "15 May 2022" for a day: only as precise as the public record. */
function recordDate(date: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(date);
  if (!month) return formatDay(date);
  // Mid-month, so the month is the same in every time zone.
  return formatDate(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 15)), {
    month: 'long',
    year: 'numeric',
  });
}

function ElectionSummaryCard({ election }: { election: StaticElectionSummary }) {
  const { t } = useTranslation('content');
  const start = election.startDate ? recordDate(election.startDate) : t('voting.tbd');
  const end = election.endDate ? recordDate(election.endDate) : t('voting.tbd');
  const dates = start === end ? start : t('voting.dateRange', { start, end });
  const title = t(`voting.elections.${election.id}.title`);
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Badge color={STATUS_COLORS[election.status]} variant="light">
            {t(`voting.electionStatus.${election.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {dates}
        </Text>
        <Text size="sm">{t(`voting.elections.${election.id}.description`)}</Text>
      </Stack>
    </Card>
  );
}

export function VotingPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('voting.title'), t('voting.metaDescription'));
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('voting.title')}</Title>
          <Text maw={720}>{t('voting.intro')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/voting#elections" variant="light">
              {t('voting.seeElections')}
            </Button>
            <Button component={Link} to="/elections" rightSection={<IconArrowRight size={18} aria-hidden />}>
              {t('voting.goToElections')}
            </Button>
            <Button component={Link} to="/auth" variant="default">
              {t('voting.signIn')}
            </Button>
            <Button component={Link} to="/registration-centers" variant="default">
              {t('voting.centersMap')}
            </Button>
          </Group>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="security-title">
          <Title order={2} id="security-title">
            {t('voting.protectedTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {FEATURES.map(({ key, icon: Icon }) => (
              <Card key={key} withBorder radius="md" padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="sm">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="h4" mb={4}>
                  {t(`voting.features.${key}.title`)}
                </Title>
                <Text size="sm">{t(`voting.features.${key}.text`)}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="steps-title">
          <Title order={2} id="steps-title">
            {t('voting.howToVote')}
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              <Trans
                t={t}
                i18nKey="voting.steps.signIn"
                components={[<Anchor key="auth" component={Link} to="/auth" />]}
              />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="voting.steps.openElections"
                components={[<Anchor key="elections" component={Link} to="/elections" />]}
              />
            </List.Item>
            <List.Item>{t('voting.steps.select')}</List.Item>
            <List.Item>{t('voting.steps.receipt')}</List.Item>
          </List>
        </Stack>

        <Stack
          gap="md"
          component="section"
          id="elections"
          aria-labelledby="elections-title"
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} id="elections-title">
            {t('voting.federalElections')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('voting.federalElectionsIntro')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {STATIC_ELECTIONS.map((election) => (
              <ElectionSummaryCard key={election.id} election={election} />
            ))}
          </SimpleGrid>
        </Stack>

        <Text>
          <Trans
            t={t}
            i18nKey="voting.findRegion"
            components={[<Anchor key="regions" component={Link} to="/regions" />]}
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

export default routeComponent(VotingPage);
