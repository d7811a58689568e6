import { Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_SEARCH_LENGTH } from '../../../../shared/directory';
import { SENATE_STATES, type SenateState } from '../../../../shared/regions';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { DirectoryEmpty, DirectoryError, DirectorySkeleton } from './DirectoryStatus';
import { type Senator, SenatorCard } from './SenatorCard';
import { useDirectoryParams } from './use-directory-params';

const ALL_STATES = 'All States';
export const NO_SENATORS_FOUND = 'No senators found matching your search criteria.';
/** The member states that hold Senate seats; the leadership group has its own section. */
const SEAT_STATES = SENATE_STATES.filter((state) => state !== 'Leadership');

function SenatorGrid({ senators, section }: { senators: readonly Senator[]; section: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {senators.map((senator) => (
        <SenatorCard key={senator.id} senator={senator} section={section} />
      ))}
    </SimpleGrid>
  );
}

export function SenatorsPage() {
  usePageMeta(
    'Somalia Senate',
    'The 54 senators of the Upper House of Somalia, its leadership and the member states they represent.',
  );
  const trpc = useTRPC();
  const params = useDirectoryParams<SenateState>('state', SENATE_STATES);
  const result = useQuery(
    trpc.directory.senators.queryOptions(
      { search: params.search || undefined, state: params.filter },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <PageContainer>
      <Title order={1}>Somalia Senate</Title>
      <Text c="dimmed" mt="xs" maw={640}>
        The Upper House of the Federal Parliament: 54 senators who represent the federal member states, led by
        the Chairman and two Deputy Chairmen.
      </Text>

      <Group mt="xl" align="flex-end" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          label="Search senators"
          placeholder="Search by name, title, state or role"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={params.searchText}
          onChange={(event) => params.setSearchText(event.currentTarget.value)}
          maxLength={MAX_SEARCH_LENGTH}
          type="search"
          miw={220}
        />
        <Select
          label="State"
          data={[ALL_STATES, ...SEAT_STATES]}
          value={params.filter ?? ALL_STATES}
          onChange={(value) => params.setFilter(SENATE_STATES.find((state) => state === value))}
          allowDeselect={false}
          miw={180}
        />
      </Group>

      {result.isPending ? (
        <DirectorySkeleton cards={6} />
      ) : result.isError ? (
        <DirectoryError error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.total === 0 ? (
        <DirectoryEmpty message={NO_SENATORS_FOUND} />
      ) : (
        <div aria-busy={result.isPlaceholderData}>
          {result.data.leadership.length > 0 && (
            <section aria-labelledby="senate-leadership">
              <Title id="senate-leadership" order={2} fz="lg" mt="xl" mb="sm">
                Leadership
              </Title>
              <SenatorGrid senators={result.data.leadership} section="leadership" />
            </section>
          )}
          <section aria-labelledby="all-senators">
            <Title id="all-senators" order={2} fz="lg" mt="xl" mb="sm">
              All Senators ({result.data.total})
            </Title>
            <SenatorGrid senators={result.data.senators} section="all" />
          </section>
        </div>
      )}
    </PageContainer>
  );
}
