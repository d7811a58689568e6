import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { StateProfile } from '@shared/content/states';
import { memberPath, senatorPath } from '@shared/directory';
import { STATE_DIRECTORY, type StateId } from '@shared/federal-states';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { houseRegionName, senateStateName, senateTitleName } from '../directory/directory-names';
import { seatsNote } from './content-texts';

interface Person {
  id: string;
  name: string;
  detail: string;
  /** Their own page (/parliament-members/{seat}, /senators/{id}). */
  to: string;
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
  const { t } = useTranslation('content');
  const unnamed =
    props.named.length > 0 ? 'representatives.furtherUnnamedSeats' : 'representatives.unnamedSeats';
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
              <Anchor component={Link} to={person.to} fw={600}>
                {person.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {person.detail}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {props.named.length === 0 && props.placeholders === 0 && <Text size="sm">{props.empty}</Text>}
      {props.placeholders > 0 && <Text size="sm">{t(unnamed, { count: props.placeholders })}</Text>}
      {props.link && <FullListLink to={props.link.to}>{props.link.label}</FullListLink>}
    </Stack>
  );
}

/** The query's input, shared with the page's first view (state-profile.page.tsx pageData). */
export const representativesInput = (stateId: StateId) => ({ stateId });

/** The "Your representatives" section of /states/{id}, from the House and Senate directories. */
export function StateRepresentatives({ state }: { state: StateProfile }) {
  const { t } = useTranslation(['content', 'common']);
  const { t: tr } = useTranslation('regions');
  const { t: td } = useTranslation('directory');
  const name = tr(`state.${state.id}.name`);
  const trpc = useTRPC();
  const query = useQuery(trpc.directory.stateRepresentatives.queryOptions(representativesInput(state.id)));
  const { houseRegion, senateState } = STATE_DIRECTORY[state.id];
  const region = houseRegionName(td, houseRegion);
  const senateName = senateState && senateStateName(td, senateState);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-label={t('representatives.loading')} role="status">
        <Skeleton h={20} w="40%" />
        <Skeleton h={64} />
        <Skeleton h={64} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" title={t('representatives.loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(query.error)}</Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            {t('common:errors.tryAgain')}
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
          title={t('representatives.house')}
          countText={t('representatives.membersListed', { count: members.length, region })}
          named={namedMembers.map((member) => ({
            id: member.id,
            name: member.name,
            detail: `${member.hopNumber} · ${houseRegionName(td, member.region)}`,
            to: memberPath(member.hopNumber),
          }))}
          placeholders={members.length - namedMembers.length}
          empty={t('representatives.noMembers', { name })}
          link={
            members.length > 0
              ? {
                  to: `/parliament-members?region=${encodeURIComponent(houseRegion)}`,
                  label: t('representatives.allMembers', { region }),
                }
              : null
          }
        />
        <Roster
          title={t('representatives.senate')}
          countText={
            senateName
              ? t('representatives.senatorsListed', { count: senators.length, state: senateName })
              : t('representatives.noSenateSeats')
          }
          named={namedSenators.map((senator) => ({
            id: senator.id,
            name: senator.name,
            detail: senator.role
              ? `${senateTitleName(td, senator.title)} · ${senateStateName(td, senator.state)}`
              : senateTitleName(td, senator.title),
            to: senatorPath(senator.id),
          }))}
          placeholders={senators.length - namedSenators.length}
          empty={seatsNote(tr, state) ?? t('representatives.noSenators', { name })}
          link={
            senateState && senators.length > 0
              ? {
                  to: `/senators?state=${encodeURIComponent(senateState)}`,
                  label: t('representatives.allSenators', { state: senateName }),
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
        {t('representatives.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('representatives.intro', { name })}
      </Text>
      {body}
    </Stack>
  );
}
