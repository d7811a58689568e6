import { Card, Group, Pagination, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { MAX_SEARCH_LENGTH, MEMBERS_PAGE_SIZE } from '../../../../shared/directory';
import { HOUSE_REGIONS, type HouseRegion } from '../../../../shared/regions';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { DirectoryEmpty, DirectoryError, DirectorySkeleton } from './DirectoryStatus';
import classes from './directory.module.css';
import { MemberCard } from './MemberCard';
import { useDirectoryParams } from './use-directory-params';

const ALL_REGIONS = 'All Regions';
export const NO_MEMBERS_FOUND = 'No parliament members found matching your search criteria.';

/** SPEC §9: the House's fixed figures. */
const HOUSE_OVERVIEW = [
  { value: '275', label: 'Members' },
  { value: '8', label: 'Regions' },
  { value: '30%', label: 'Women MPs' },
  { value: '5-year', label: 'Term' },
] as const;

export function ParliamentPage() {
  usePageMeta(
    'House of the People',
    'The 275 members of the House of the People of Somalia: search by name, HOP number or region.',
  );
  const trpc = useTRPC();
  const params = useDirectoryParams<HouseRegion>('region', HOUSE_REGIONS);
  const listTop = useRef<HTMLHeadingElement>(null);
  const members = useQuery(
    trpc.directory.members.queryOptions(
      {
        search: params.search || undefined,
        region: params.filter,
        page: params.page,
        pageSize: MEMBERS_PAGE_SIZE,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const total = members.data?.total ?? 0;
  const pages = Math.ceil(total / MEMBERS_PAGE_SIZE);

  const goToPage = (page: number) => {
    params.setPage(page);
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <PageContainer>
      <Title order={1}>House of the People</Title>
      <Text c="dimmed" mt="xs" maw={640}>
        The lower house of Somalia's Federal Parliament. Its members are elected for a five-year term and hold
        seats allocated to the federal member states and Banaadir.
      </Text>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="lg" component="ul" className={classes.overview}>
        {HOUSE_OVERVIEW.map((item) => (
          <Card key={item.label} component="li" withBorder padding="sm" ta="center">
            <Text className={classes.overviewValue}>{item.value}</Text>
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Group mt="xl" align="flex-end" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          label="Search members"
          placeholder="Search by name, HOP number or region"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={params.searchText}
          onChange={(event) => params.setSearchText(event.currentTarget.value)}
          maxLength={MAX_SEARCH_LENGTH}
          type="search"
          miw={220}
        />
        <Select
          label="Region"
          data={[ALL_REGIONS, ...HOUSE_REGIONS]}
          value={params.filter ?? ALL_REGIONS}
          onChange={(value) => params.setFilter(HOUSE_REGIONS.find((region) => region === value))}
          allowDeselect={false}
          miw={180}
        />
      </Group>

      <Title order={2} fz="lg" mt="xl" mb="sm" ref={listTop} className={classes.listTitle}>
        {members.data
          ? `${total} ${total === 1 ? 'member' : 'members'}${pages > 1 ? `, page ${params.page} of ${pages}` : ''}`
          : 'Members'}
      </Title>
      {members.isPending ? (
        <DirectorySkeleton cards={6} />
      ) : members.isError ? (
        <DirectoryError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <DirectoryEmpty message={NO_MEMBERS_FOUND} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={members.isPlaceholderData}>
          {members.data.items.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 && (
        <Group justify="center" mt="xl">
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={goToPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
        </Group>
      )}
    </PageContainer>
  );
}
