import { Alert, Anchor, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { REGIONS } from '../../../../shared/content/regions';
import { formatSeats, isStateId, STATES, type StateProfile } from '../../../../shared/content/states';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { BackLink } from './BackLink';
import { StateRepresentatives } from './StateRepresentatives';
import { StateStatusBadge } from './StateStatusBadge';
import { StatGrid } from './StatGrid';

function StateNotFound({ id }: { id: string }) {
  usePageMeta(
    'State Not Found',
    'There is no state profile at this address; see the list of federal member states.',
  );
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Title order={1}>State Not Found</Title>
        <Text>
          There is no state profile called <code>{id}</code>. The eight profiles are listed on the federal
          states page.
        </Text>
        <Button component={Link} to="/federal-states">
          Back to Federal States
        </Button>
      </Stack>
    </PageContainer>
  );
}

function StateProfileView({ state }: { state: StateProfile }) {
  usePageMeta(
    state.name,
    `${state.name}: ${state.status}. Capital, regions, demographics, parliament seats and representatives.`,
  );
  const region = REGIONS[state.regionSlug];
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="xs">
          <BackLink to="/federal-states">All federal states</BackLink>
          <Group gap="sm" align="center">
            <Title order={1}>{state.name}</Title>
            <StateStatusBadge statusType={state.statusType} size="lg" />
          </Group>
          <Text c="dimmed">{state.status}</Text>
          <Text maw={760}>{state.description}</Text>
        </Stack>

        <Stack gap="xs">
          <StatGrid
            label={`${state.name} in figures`}
            stats={[
              { label: 'Population', value: state.population },
              { label: 'House seats', value: formatSeats(state.houseSeats) },
              { label: 'Senate seats', value: formatSeats(state.senateSeats) },
              { label: 'Formed', value: state.formed ?? 'Not applicable' },
            ]}
          />
          {state.seatsNote && (
            <Text size="sm" c="dimmed">
              {state.seatsNote}
            </Text>
          )}
        </Stack>

        {state.sharedRegionsNote && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title="Shared or contested regions"
          >
            {state.sharedRegionsNote}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="xs" component="section" aria-labelledby="demographics-title">
            <Title order={2} id="demographics-title">
              Demographics
            </Title>
            <Text>{state.demographics}</Text>
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="key-information-title">
            <Title order={2} id="key-information-title">
              Key information
            </Title>
            <Paper withBorder radius="md" p="md">
              <Stack component="dl" gap="xs" m={0}>
                {state.keyInformation.map((fact) => (
                  <Group key={fact.label} justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Text component="dt" size="sm" c="dimmed">
                      {fact.label}
                    </Text>
                    <Text component="dd" size="sm" fw={600} ta="right" m={0}>
                      {fact.value}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Stack>
        </SimpleGrid>

        <Anchor
          component={Link}
          to={`/regions/${region.slug}`}
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
        >
          Governance, security and economy of the {region.name} region{' '}
          <IconArrowRight size={16} aria-hidden />
        </Anchor>

        <Divider />
        <StateRepresentatives state={state} />
      </Stack>
    </PageContainer>
  );
}

export function StateProfilePage() {
  const { id = '' } = useParams();
  if (!isStateId(id)) return <StateNotFound id={id} />;
  return <StateProfileView key={id} state={STATES[id]} />;
}
