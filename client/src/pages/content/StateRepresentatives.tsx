import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StateProfile } from '../../../../shared/content/states';
import { STATE_DIRECTORY } from '../../../../shared/federal-states';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

interface Person {
  id: string;
  name: string;
  detail: string;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function FullListLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
    >
      {children} <IconArrowRight size={16} aria-hidden />
    </Anchor>
  );
}

/** Named people as cards; placeholder seats only as a count, so a roster of 69 placeholders stays readable. */
function Roster(props: {
  title: string;
  countText: string;
  named: readonly Person[];
  placeholders: number;
  empty: string;
  link: { to: string; label: string } | null;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={props.title}>
      <Title order={3} fz="h4">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed">
        {props.countText}
      </Text>
      {props.named.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {props.named.map((person) => (
            <Paper component="li" key={person.id} withBorder p="sm" radius="md">
              <Text fw={600}>{person.name}</Text>
              <Text size="sm" c="dimmed">
                {person.detail}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {props.named.length === 0 && props.placeholders === 0 && <Text size="sm">{props.empty}</Text>}
      {props.placeholders > 0 && (
        <Text size="sm">
          {props.named.length > 0
            ? plural(props.placeholders, 'further seat is', 'further seats are')
            : plural(props.placeholders, 'seat is', 'seats are')}{' '}
          listed without a name until the roster is loaded.
        </Text>
      )}
      {props.link && <FullListLink to={props.link.to}>{props.link.label}</FullListLink>}
    </Stack>
  );
}

/** The "Your representatives" section of /states/{id}, from the House and Senate directories. */
export function StateRepresentatives({ state }: { state: StateProfile }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.directory.stateRepresentatives.queryOptions({ stateId: state.id }));
  const { houseRegion, senateState } = STATE_DIRECTORY[state.id];

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-label="Loading representatives" role="status">
        <Skeleton h={20} w="40%" />
        <Skeleton h={64} />
        <Skeleton h={64} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" title="Could not load the representatives" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(query.error)}</Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const { members, senators } = query.data;
    const namedMembers = members.filter((member) => !member.isPlaceholder);
    const namedSenators = senators.filter((senator) => !senator.isPlaceholder);
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Roster
          title="House of the People"
          countText={`${plural(members.length, 'member', 'members')} listed for the ${houseRegion} seats.`}
          named={namedMembers.map((member) => ({
            id: member.id,
            name: member.name,
            detail: `${member.hopNumber} · ${member.region}`,
          }))}
          placeholders={members.length - namedMembers.length}
          empty={`No members of the House of the People are listed for ${state.name} yet.`}
          link={
            members.length > 0
              ? {
                  to: `/parliament-members?region=${encodeURIComponent(houseRegion)}`,
                  label: `All ${houseRegion} members`,
                }
              : null
          }
        />
        <Roster
          title="Senate"
          countText={
            senateState
              ? `${plural(senators.length, 'senator', 'senators')} listed for ${senateState}.`
              : 'The Senate directory has no seats for this entity.'
          }
          named={namedSenators.map((senator) => ({
            id: senator.id,
            name: senator.name,
            detail: senator.role ? `${senator.title} · ${senator.state}` : senator.title,
          }))}
          placeholders={senators.length - namedSenators.length}
          empty={state.seatsNote ?? `No senators are listed for ${state.name} yet.`}
          link={
            senateState && senators.length > 0
              ? {
                  to: `/senators?state=${encodeURIComponent(senateState)}`,
                  label: `All ${senateState} senators`,
                }
              : null
          }
        />
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="representatives-title">
      <Title order={2} id="representatives-title">
        Your representatives
      </Title>
      <Text size="sm" c="dimmed">
        Members of parliament and senators who hold {state.name}&apos;s seats, as listed in the Codka
        directories.
      </Text>
      {body}
    </Stack>
  );
}
