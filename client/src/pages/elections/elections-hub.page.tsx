import { Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { HubAction } from '@shared/election-rules';
import { IconCloudOff, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HubCard } from '../../components/elections/HubCard';
import { REGISTRATION_CENTERS_PATH } from '../../components/layout/navigation';
import { PageContainer } from '../../components/PageContainer';
import { useAuth } from '../../lib/auth';
import { isOffline } from '../../lib/errors';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';

/** docs/product.md#elections-hub: the hub shows four placeholder cards while it loads. */
const SKELETON_CARDS = 4;

export function ElectionsHubPage() {
  const { t } = useTranslation('elections');
  usePageMeta(t('hub.title'), t('hub.metaDescription'));
  const { user, loading, offline } = useAuth();
  return (
    <PageContainer>
      <Title order={1}>{t('hub.title')}</Title>
      <Text c="dimmed" mt="xs" maw={640}>
        {t('hub.intro')}
      </Text>
      {/*
        The server renders it as a visitor sees it (docs/product.md#elections-hub: Authentication Required), and the
        browser keeps that until the session check answers; a signed-in citizen then gets the skeleton and their hub.
      */}
      {loading ? (
        <AuthenticationRequired />
      ) : user ? (
        <ElectionsHub />
      ) : offline ? (
        <YouAreOffline />
      ) : (
        <AuthenticationRequired />
      )}
    </PageContainer>
  );
}

function AuthenticationRequired() {
  const { t } = useTranslation('elections');
  return (
    <Card withBorder padding="xl" mt="xl" maw={520}>
      <Stack align="flex-start">
        <IconLock size={32} aria-hidden />
        <Title order={2} fz="xl">
          {t('hub.authRequired')}
        </Title>
        <Text>{t('hub.signInToSee')}</Text>
        <Button component={Link} to="/auth" h={44}>
          {t('states.signIn')}
        </Button>
        {/* What a visitor can do here without an account (the hub itself stays behind the sign-in). */}
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="hub.withoutAccount"
            components={[
              <Anchor key="results" component={Link} to="/verified-results" />,
              <Anchor key="centers" component={Link} to={REGISTRATION_CENTERS_PATH} />,
            ]}
          />
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The hub is this citizen's own (what they may do, their votes): it is never kept for offline reading, so
 * without a connection the page says so rather than showing someone's stale answers (decision 008).
 */
function YouAreOffline() {
  const { t } = useTranslation('elections');
  return (
    <Card withBorder padding="xl" mt="xl" maw={520} role="status">
      <Stack align="flex-start">
        <IconCloudOff size={32} aria-hidden />
        <Title order={2} fz="xl">
          {t('hub.offline')}
        </Title>
        <Text>{t('hub.offlineHint')}</Text>
      </Stack>
    </Card>
  );
}

function HubSkeleton() {
  const { t } = useTranslation('elections');
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      mt="xl"
      aria-busy="true"
      aria-label={t('hub.loading')}
    >
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with nothing else to key on
        <Card key={index} withBorder padding="lg">
          <Skeleton height={20} width="70%" />
          <Skeleton height={12} width="50%" mt="md" />
          <Skeleton height={12} width="45%" mt="xs" />
          <Skeleton height={20} width={90} mt="md" radius="xl" />
          <Skeleton height={44} mt="lg" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

const POLL_ACTIONS: Record<'Active' | 'Closed', HubAction[]> = { Active: ['vote'], Closed: ['results'] };

function ElectionsHub() {
  const { t } = useTranslation('elections');
  const trpc = useTRPC();
  const hub = useQuery(trpc.elections.hub.queryOptions());

  // docs/product.md#elections-hub: a hub that fails to load is only logged; the reader sees the empty state.
  useEffect(() => {
    if (hub.error) console.warn('Failed to load the elections hub:', hub.error);
  }, [hub.error]);

  if (hub.isPending) return <HubSkeleton />;
  if (hub.error && isOffline(hub.error)) return <YouAreOffline />;
  const elections = hub.data?.elections ?? [];
  const polls = hub.data?.polls ?? [];
  return (
    <>
      <section aria-labelledby="hub-elections">
        <Title order={2} fz="xl" mt="xl" mb="md" id="hub-elections">
          {t('hub.allElections')}
        </Title>
        {elections.length === 0 ? (
          <Text ta="center" c="dimmed" fw={600} py="xl" role="status">
            {t('hub.noElections')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {elections.map((election) => (
              <HubCard key={election.id} item={election} actions={election.actions} />
            ))}
          </SimpleGrid>
        )}
      </section>
      {polls.length > 0 && (
        <section aria-labelledby="hub-polls">
          <Title order={2} fz="xl" mt="xl" mb="md" id="hub-polls">
            {t('hub.polls')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {polls.map((poll) => (
              <HubCard key={poll.id} item={poll} actions={POLL_ACTIONS[poll.status]} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['elections', 'eligibility', 'errors'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(ElectionsHubPage);
