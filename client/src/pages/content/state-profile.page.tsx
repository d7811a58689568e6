import { Alert, Anchor, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isStateId, STATES, type StateProfile } from '@shared/content/states';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import type { PageData, PageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { BackLink } from './BackLink';
import { seatsNote, seatsText, sharedRegionsNote, statePopulationText } from './content-texts';
import { representativesInput, StateRepresentatives } from './StateRepresentatives';
import { StateStatusBadge } from './StateStatusBadge';
import { StatGrid } from './StatGrid';

/** The first view: the state's representatives (lib/page-data.ts); an unknown state asks for nothing. */
export const pageData: PageData = ({ params, trpc }) => {
  const id = params.id ?? '';
  return isStateId(id) ? [trpc.directory.stateRepresentatives.queryOptions(representativesInput(id))] : [];
};

/** No state by that id: 404, with the page's own sentence (StateNotFound). */
export const notFound: PageNotFound = ({ params }) => !isStateId(params.id ?? '');

function StateNotFound({ id }: { id: string }) {
  const { t } = useTranslation('content');
  usePageMeta(t('stateProfile.notFoundTitle'), t('stateProfile.notFoundDescription'));
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Title order={1}>{t('stateProfile.notFoundTitle')}</Title>
        <Text>
          <Trans t={t} i18nKey="stateProfile.notFoundBody" values={{ id }} components={[<code key="id" />]} />
        </Text>
        <Button component={Link} to="/federal-states">
          {t('stateProfile.backToStates')}
        </Button>
      </Stack>
    </PageContainer>
  );
}

function StateProfileView({ state }: { state: StateProfile }) {
  const { t } = useTranslation('content');
  const { t: tr } = useTranslation('regions');
  const name = tr(`state.${state.id}.name`);
  const status = tr(`state.${state.id}.status`);
  usePageMeta(name, t('stateProfile.metaDescription', { name, status }));
  const formed = state.formed === null ? tr('notApplicable') : String(state.formed);
  const note = seatsNote(tr, state);
  const shared = sharedRegionsNote(tr, state);
  const keyInformation = [
    { label: t('stateProfile.facts.capital'), value: tr(`state.${state.id}.capital`) },
    { label: t('stateProfile.facts.formed'), value: formed },
    { label: t('stateProfile.facts.regions'), value: tr(`state.${state.id}.regions`) },
    { label: t('stateProfile.facts.keyLanguages'), value: tr('keyLanguages') },
    { label: t('stateProfile.facts.houseSeats'), value: seatsText(tr, state.houseSeats) },
    { label: t('stateProfile.facts.senateSeats'), value: seatsText(tr, state.senateSeats) },
    ...(state.id === 'banadir'
      ? [{ label: t('stateProfile.facts.administration'), value: tr('administration.banadir') }]
      : []),
  ];
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="xs">
          <BackLink to="/federal-states">{t('stateProfile.allStates')}</BackLink>
          <Group gap="sm" align="center">
            <Title order={1}>{name}</Title>
            <StateStatusBadge statusType={state.statusType} size="lg" />
          </Group>
          <Text c="dimmed">{status}</Text>
          <Text maw={760}>{tr(`state.${state.id}.description`)}</Text>
        </Stack>

        <Stack gap="xs">
          <StatGrid
            label={t('stateProfile.inFigures', { name })}
            stats={[
              { label: t('figures.population'), value: statePopulationText(tr, state.population) },
              { label: t('figures.houseSeats'), value: seatsText(tr, state.houseSeats) },
              { label: t('figures.senateSeats'), value: seatsText(tr, state.senateSeats) },
              { label: t('figures.formed'), value: formed },
            ]}
          />
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>

        {shared && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title={t('stateProfile.sharedRegions')}
          >
            {shared}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="xs" component="section" aria-labelledby="demographics-title">
            <Title order={2} id="demographics-title">
              {t('stateProfile.demographics')}
            </Title>
            <Text>{tr(`state.${state.id}.demographics`)}</Text>
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="key-information-title">
            <Title order={2} id="key-information-title">
              {t('stateProfile.keyInformation')}
            </Title>
            <Paper withBorder radius="md" p="md">
              <Stack component="dl" gap="xs" m={0}>
                {keyInformation.map((fact) => (
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
          to={`/regions/${state.regionSlug}`}
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
        >
          {t('stateProfile.regionLink', { name: tr(`region.${state.regionSlug}.name`) })}{' '}
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

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'regions', 'directory', 'errors'], pageData, notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(StateProfilePage);
