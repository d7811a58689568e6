import { Card, Group, NativeSelect, Pagination, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { ENTITY_COUNT, HOUSE_SOURCES, HOUSE_TOTAL, WOMEN_QUOTA_PERCENT } from '@shared/content/seats';
import { MAX_SEARCH_LENGTH, MEMBERS_PAGE_SIZE } from '@shared/directory';
import { HOUSE_REGIONS, type HouseRegion } from '@shared/regions';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureSources } from '../../components/FigureSources';
import { PageContainer } from '../../components/PageContainer';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { Slice, SliceGroups } from '../../lib/slice';
import { useTRPC } from '../../lib/trpc';
import { DirectoryEmpty, DirectoryError, DirectorySkeleton } from './DirectoryStatus';
import classes from './directory.module.css';
import { houseRegionName } from './directory-names';
import { MemberCard } from './MemberCard';
import { type DirectoryView, readDirectoryView, useDirectoryParams } from './use-directory-params';

/** The select's value for "no region filter" (region names are values; this one is not a region). */
const ALL_REGIONS = 'all';

/** The House's figures (shared/content/seats.ts); labels are keys under house.overview. */
const HOUSE_OVERVIEW = [
  { value: String(HOUSE_TOTAL), label: 'members' },
  { value: String(ENTITY_COUNT), label: 'states' },
  { value: `${WOMEN_QUOTA_PERCENT}%`, label: 'womenQuota' },
  { value: null, label: 'term' },
] as const;

/** Member cards hydrated per slice (lib/slice.tsx): each card is several Mantine components. */
const CARDS_PER_PART = 4;

/** The URL's name for the region filter (?region=). */
const REGION_PARAM = 'region';

/** The list a view of the page asks for: the same on the server's first view (pageData) and in the page. */
function membersInput(view: DirectoryView<HouseRegion>) {
  return {
    search: view.search || undefined,
    region: view.filter,
    page: view.page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

/** The first view: the page of members the URL names (lib/page-data.ts). */
export const pageData: PageData = ({ searchParams, trpc }) => [
  trpc.directory.members.queryOptions(
    membersInput(readDirectoryView(searchParams, REGION_PARAM, HOUSE_REGIONS)),
  ),
];

export function ParliamentPage() {
  const { t } = useTranslation('directory');
  usePageMeta(t('house.metaTitle'), t('house.metaDescription', { count: HOUSE_TOTAL }));
  const trpc = useTRPC();
  const params = useDirectoryParams<HouseRegion>(REGION_PARAM, HOUSE_REGIONS);
  const listTop = useRef<HTMLHeadingElement>(null);
  const members = useQuery(
    trpc.directory.members.queryOptions(membersInput(params), { placeholderData: keepPreviousData }),
  );
  const total = members.data?.total ?? 0;
  const pages = Math.ceil(total / MEMBERS_PAGE_SIZE);
  // The page the server showed: the last one when the address asks for a page past it.
  const page = members.data?.page ?? params.page;

  const goToPage = (page: number) => {
    params.setPage(page);
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <PageContainer>
      <Title order={1}>{t('house.title')}</Title>
      <Text c="dimmed" mt="xs" maw={640}>
        {t('house.lead')}
      </Text>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="lg" component="ul" className={classes.overview}>
        {HOUSE_OVERVIEW.map((item) => (
          <Card key={item.label} component="li" withBorder padding="sm" ta="center">
            <Text className={classes.overviewValue}>{item.value ?? t('house.overview.termValue')}</Text>
            <Text size="sm" c="dimmed">
              {t(`house.overview.${item.label}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <FigureSources title={t('house.sources')} sources={HOUSE_SOURCES} />

      <Group mt="xl" align="flex-end" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          label={t('house.search')}
          placeholder={t('house.searchPlaceholder')}
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
          label={t('house.region')}
          data={[
            { value: ALL_REGIONS, label: t('house.allRegions') },
            ...HOUSE_REGIONS.map((region) => ({ value: region, label: houseRegionName(t, region) })),
          ]}
          value={params.filter ?? ALL_REGIONS}
          onChange={(event) =>
            params.setFilter(HOUSE_REGIONS.find((region) => region === event.currentTarget.value))
          }
          miw={180}
        />
      </Group>

      <Title order={2} fz="lg" mt="xl" mb="sm" ref={listTop} className={classes.listTitle}>
        {members.data
          ? pages > 1
            ? t('house.countPaged', { count: total, page, pages })
            : t('house.count', { count: total })
          : t('house.membersHeading')}
      </Title>
      {members.isPending ? (
        <DirectorySkeleton cards={6} />
      ) : members.isError ? (
        <DirectoryError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <DirectoryEmpty message={t('house.noneFound')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={members.isPlaceholderData}>
          {/* A few cards per slice as the page hydrates (lib/slice.tsx). */}
          <SliceGroups items={members.data.items} size={CARDS_PER_PART}>
            {(member) => <MemberCard key={member.id} member={member} />}
          </SliceGroups>
        </SimpleGrid>
      )}

      {pages > 1 && (
        <Slice>
          <Group justify="center" mt="xl">
            <Pagination
              total={pages}
              value={page}
              onChange={goToPage}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? t('house.previousPage')
                    : control === 'next'
                      ? t('house.nextPage')
                      : undefined,
              })}
              getItemProps={(page) => ({ 'aria-label': t('house.page', { page }) })}
            />
          </Group>
        </Slice>
      )}
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['directory', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(ParliamentPage);
