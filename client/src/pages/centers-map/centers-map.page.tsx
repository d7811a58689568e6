import { Alert, Badge, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { CentersLeafletMap } from './CentersLeafletMap';

const TILES_FAILED = 'The map could not be loaded. Every active registration center is listed below.';

/** /registration-centers: the active centers on a map, and always as a text list (screen readers, low data). */
export function RegistrationCentersMapPage() {
  usePageMeta(
    'Registration Centers',
    'Where to register to vote in Somalia: a map and list of the active voter registration centers.',
  );
  const trpc = useTRPC();
  const query = useQuery(trpc.directory.mapSettings.queryOptions());
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const data = query.data;

  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>Registration Centers</Title>
          <Text c="dimmed">Active voter registration centers across Somalia's federal member states.</Text>
        </div>

        {query.isPending ? (
          <Skeleton h={420} radius="md" />
        ) : query.isError || !data ? (
          <Alert color="red" role="alert" title="Registration centers could not be loaded">
            Please check your internet connection and try again.
          </Alert>
        ) : tilesFailed ? (
          <Stack gap="sm">
            <Alert color="yellow" icon={<IconMapOff aria-hidden />} role="status">
              {TILES_FAILED}
            </Alert>
            {data.map.fallbackImageUrl && (
              <Image
                src={data.map.fallbackImageUrl}
                alt="Map of Somalia showing the registration centers"
                radius="md"
                mah={460}
                fit="contain"
              />
            )}
          </Stack>
        ) : (
          <CentersLeafletMap data={data} onTilesFailed={onTilesFailed} />
        )}

        {data && (
          <section aria-labelledby="centers-list-heading">
            <Title order={2} fz="h3" id="centers-list-heading" mb="sm">
              Active registration centers{' '}
              <Badge variant="light" size="lg" component="span">
                {data.centers.length}
              </Badge>
            </Title>
            {data.centers.length === 0 ? (
              <Text c="dimmed">No registration centers are open at the moment.</Text>
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {data.centers.map((center) => (
                  <Paper key={center.id} component="li" withBorder p="sm" radius="md">
                    <Text fw={600}>{center.name}</Text>
                    <Text size="sm">
                      {[center.districtName, center.region].filter(Boolean).join(', ') || 'District not set'}
                    </Text>
                    {center.address && (
                      <Text size="sm" c="dimmed">
                        {center.address}
                      </Text>
                    )}
                  </Paper>
                ))}
              </SimpleGrid>
            )}
          </section>
        )}
      </Stack>
    </PageContainer>
  );
}
