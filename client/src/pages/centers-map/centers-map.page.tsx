import { Alert, Badge, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentText, useContentText } from '../../components/content/ContentText';
import { useRegionName } from '../../components/elections/EligibilityNotice';
import { PageContainer } from '../../components/PageContainer';
import { formatNumber } from '../../i18n/format';
import { useNow } from '../../lib/clock';
import { useDataSaver } from '../../lib/data-saver';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { CentersLeafletMap } from './CentersLeafletMap';
import { CentreHours } from './CentreHours';

/** The first view: the centers (with the map's settings) and the roll's total (lib/page-data.ts). */
export const pageData: PageData = ({ trpc }) => [
  trpc.directory.mapSettings.queryOptions(),
  trpc.enrollment.countsByRegion.queryOptions(),
];

/** /registration-centers: the active centers on a map, and always as a text list (screen readers, low data). */
export function RegistrationCentersMapPage() {
  const { t } = useTranslation('centers');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const trpc = useTRPC();
  const query = useQuery(trpc.directory.mapSettings.queryOptions());
  // The roll's public total; the line waits for it rather than showing a zero that is not known.
  const enrolled = useQuery(trpc.enrollment.countsByRegion.queryOptions());
  // "Open now" is read on the data's clock while the server renders and the page hydrates, then on the browser's.
  const now = useNow(query.dataUpdatedAt);
  const [tilesFailed, setTilesFailed] = useState(false);
  // Data saver: no tiles (they are most of this page's bytes); the list below says it all.
  const [dataSaver] = useDataSaver();
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  // Each centre's name and region in the reader's language (docs/decisions/021-bilingual-content.md), for the
  // map's popups; the list below marks a name shown in the other language.
  const contentText = useContentText();
  const regionName = useRegionName();
  const data = useMemo(
    () =>
      query.data && {
        ...query.data,
        centers: query.data.centers.map((center) => ({
          ...center,
          name: contentText(center.nameText),
          hoursNote: contentText(center.hoursNoteText) || null,
          region: center.region && regionName(center.region),
        })),
      },
    [query.data, contentText, regionName],
  );

  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
          {enrolled.data && (
            <Text fw={600} mt="xs" data-testid="enrolled-total">
              {t('enrolledTotal', { number: formatNumber(enrolled.data.total) })}
            </Text>
          )}
        </div>

        {query.isPending ? (
          <Skeleton h={420} radius="md" />
        ) : query.isError || !data ? (
          <Alert color="red" role="alert" title={t('loadFailed')}>
            {t('checkConnection')}
          </Alert>
        ) : dataSaver ? (
          <Alert color="blue" icon={<IconMapOff aria-hidden />} role="status">
            {t('dataSaver.mapHidden', { ns: 'common' })}
          </Alert>
        ) : tilesFailed ? (
          <Stack gap="sm">
            <Alert color="yellow" icon={<IconMapOff aria-hidden />} role="status">
              {t('tilesFailed')}
            </Alert>
            {data.map.fallbackImageUrl && (
              <Image
                src={data.map.fallbackImageUrl}
                alt={t('fallbackAlt')}
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
              {t('listTitle')}{' '}
              <Badge variant="light" size="lg" component="span">
                {data.centers.length}
              </Badge>
            </Title>
            {data.centers.length === 0 ? (
              <Text c="dimmed">{t('noneOpen')}</Text>
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
                  <Paper key={center.id} component="li" withBorder p="sm" radius="md" data-testid="centre">
                    <Text fw={600}>
                      <ContentText text={center.nameText} />
                    </Text>
                    <Text size="sm">
                      {[center.districtName, center.region].filter(Boolean).join(', ') || t('districtNotSet')}
                    </Text>
                    {center.address && (
                      <Text size="sm" c="dimmed">
                        {center.address}
                      </Text>
                    )}
                    <CentreHours
                      openingHours={center.openingHours}
                      hoursNoteText={center.hoursNoteText}
                      phone={center.phone}
                      email={center.email}
                      now={now}
                    />
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

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['centers', 'eligibility', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(RegistrationCentersMapPage);
