import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FEDERAL_STATES_SUMMARY } from '../../../../shared/content/figures';
import { formatSeats, STATE_LIST, type StateProfile } from '../../../../shared/content/states';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { StateStatusBadge } from './StateStatusBadge';
import { StatGrid } from './StatGrid';

function StateCard({ state }: { state: StateProfile }) {
  const headingId = `state-${state.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="h3" id={headingId}>
            <Anchor component={Link} to={`/states/${state.id}`} inherit>
              {state.name}
            </Anchor>
          </Title>
          <StateStatusBadge statusType={state.statusType} size="sm" />
        </Group>
        <Text size="sm">{state.description}</Text>
        <SimpleGrid component="dl" cols={3} spacing="xs" m={0} mt="auto">
          {[
            ['Population', state.population],
            ['House seats', formatSeats(state.houseSeats)],
            ['Senate seats', formatSeats(state.senateSeats)],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={700} m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {state.seatsNote && (
          <Text size="xs" c="dimmed">
            {state.seatsNote}
          </Text>
        )}
        <Anchor
          component={Link}
          to={`/states/${state.id}`}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
          aria-label={`View the ${state.name} profile`}
        >
          View profile <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </Card>
  );
}

export function FederalStatesPage() {
  usePageMeta(
    'Federal Member States',
    "Somalia's federal member states, the Banadir capital region and Somaliland: population, House of the People and Senate seats.",
  );
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>Federal Member States</Title>
          <Text mt="xs" maw={720}>
            Somalia is a federal republic. Its parliament&apos;s seats are shared among eight entities: six
            federal member states, the Banadir capital region around Mogadishu, and Somaliland, which declared
            independence in 1991. Choose one to see its profile and its members of parliament.
          </Text>
        </div>
        <StatGrid stats={FEDERAL_STATES_SUMMARY} label="Federal states at a glance" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {STATE_LIST.map((state) => (
            <StateCard key={state.id} state={state} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          TBD means no confirmed figure has been published. Seat numbers are those allocated to each entity in
          the House of the People and the Senate.
        </Text>
      </Stack>
    </PageContainer>
  );
}
