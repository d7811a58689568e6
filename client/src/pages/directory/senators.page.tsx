import { Group, NativeSelect, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { SENATE_SOURCES, SENATE_TOTAL } from '@shared/content/seats';
import { MAX_SEARCH_LENGTH } from '@shared/directory';
import { SENATE_STATES, type SenateState } from '@shared/regions';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FigureSources } from '../../components/FigureSources';
import { PageContainer } from '../../components/PageContainer';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { SliceGroups } from '../../lib/slice';
import { useTRPC } from '../../lib/trpc';
import { DirectoryEmpty, DirectoryError, DirectorySkeleton } from './DirectoryStatus';
import { senateStateName } from './directory-names';
import { type Senator, SenatorCard } from './SenatorCard';
import { type DirectoryView, readDirectoryView, useDirectoryParams } from './use-directory-params';

/** The select's value for "no state filter" (state names are values; this one is not a state). */
const ALL_STATES = 'all';
/** The member states that hold Senate seats; the leadership group has its own section. */
const SEAT_STATES = SENATE_STATES.filter((state) => state !== 'Leadership');

/** Senator cards hydrated per slice (lib/slice.tsx): each card is several Mantine components. */
const CARDS_PER_PART = 4;

/** The URL's name for the state filter (?state=). */
const STATE_PARAM = 'state';

/** The list a view of the page asks for: the same on the server's first view (pageData) and in the page. */
function senatorsInput(view: DirectoryView<SenateState>) {
  return { search: view.search || undefined, state: view.filter };
}

/** The first view: the senators the URL's search and state name (lib/page-data.ts). */
export const pageData: PageData = ({ searchParams, trpc }) => [
  trpc.directory.senators.queryOptions(
    senatorsInput(readDirectoryView(searchParams, STATE_PARAM, SENATE_STATES)),
  ),
];

function SenatorGrid({ senators, section }: { senators: readonly Senator[]; section: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {/* A few cards per slice as the page hydrates (lib/slice.tsx). */}
      <SliceGroups items={senators} size={CARDS_PER_PART}>
        {(senator) => <SenatorCard key={senator.id} senator={senator} section={section} />}
      </SliceGroups>
    </SimpleGrid>
  );
}

export function SenatorsPage() {
  const { t } = useTranslation('directory');
  usePageMeta(t('senate.metaTitle'), t('senate.metaDescription', { count: SENATE_TOTAL }));
  const trpc = useTRPC();
  const params = useDirectoryParams<SenateState>(STATE_PARAM, SENATE_STATES);
  const result = useQuery(
    trpc.directory.senators.queryOptions(senatorsInput(params), { placeholderData: keepPreviousData }),
  );

  return (
    <PageContainer>
      <Title order={1}>{t('senate.title')}</Title>
      <Text c="dimmed" mt="xs" maw={640}>
        {t('senate.lead', { count: SENATE_TOTAL })}
      </Text>
      <FigureSources title={t('senate.sources')} sources={SENATE_SOURCES} />

      <Group mt="xl" align="flex-end" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          label={t('senate.search')}
          placeholder={t('senate.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          ref={params.searchRef}
          value={params.searchText}
          onChange={(event) => params.setSearchText(event.currentTarget.value)}
          maxLength={MAX_SEARCH_LENGTH}
          type="search"
          miw={220}
        />
        {/* The browser's own list (a phone's picker): Mantine's Select would bring its dropdown's code (about
            100 KB before compression, floating-ui and the combobox) to every first visit of the page. */}
        <NativeSelect
          ref={params.filterRef}
          label={t('senate.state')}
          data={[
            { value: ALL_STATES, label: t('senate.allStates') },
            ...SEAT_STATES.map((state) => ({ value: state, label: senateStateName(t, state) })),
          ]}
          value={params.filter ?? ALL_STATES}
          onChange={(event) =>
            params.setFilter(SENATE_STATES.find((state) => state === event.currentTarget.value))
          }
          miw={180}
        />
      </Group>

      {result.isPending ? (
        <DirectorySkeleton cards={6} />
      ) : result.isError ? (
        <DirectoryError error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.total === 0 ? (
        <DirectoryEmpty message={t('senate.noneFound')} />
      ) : (
        <div aria-busy={result.isPlaceholderData}>
          {result.data.leadership.length > 0 && (
            <section aria-labelledby="senate-leadership">
              <Title id="senate-leadership" order={2} fz="lg" mt="xl" mb="sm">
                {t('senate.leadership')}
              </Title>
              <SenatorGrid senators={result.data.leadership} section="leadership" />
            </section>
          )}
          <section aria-labelledby="all-senators">
            <Title id="all-senators" order={2} fz="lg" mt="xl" mb="sm">
              {t('senate.allSenators', { total: result.data.total })}
            </Title>
            <SenatorGrid senators={result.data.senators} section="all" />
          </section>
        </div>
      )}
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['directory', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(SenatorsPage);
