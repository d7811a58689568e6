import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useTRPC } from '../../lib/trpc';

/**
 * /regions: enrolled voters in each of the 18 regions (zeros included) and in all. Counts are all the roll
 * says in public (enrollment.countsByRegion); region names in the reader's language (Somali spellings as the
 * landing page's map writes them).
 */
export function EnrolledVotersByRegion() {
  const { t } = useTranslation('content');
  const trpc = useTRPC();
  const counts = useQuery(trpc.enrollment.countsByRegion.queryOptions());
  return (
    <section aria-labelledby="enrolled-voters-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" id="enrolled-voters-heading">
            {t('enrolled.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('enrolled.intro')}
          </Text>
        </div>
        {counts.isPending ? (
          <Skeleton h={160} radius="md" aria-label={t('enrolled.loading')} />
        ) : counts.isError ? (
          <Alert color="yellow" role="status">
            {t('enrolled.loadFailed')}
          </Alert>
        ) : (
          <>
            <Text fw={700} data-testid="enrolled-total">
              {t('enrolled.total', { number: formatNumber(counts.data.total) })}
            </Text>
            <SimpleGrid
              component="ul"
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {counts.data.regions.map((row) => (
                <Paper
                  key={row.region}
                  component="li"
                  withBorder
                  radius="md"
                  p="sm"
                  data-testid="enrolled-region"
                >
                  <Text fw={600}>{t(`enrolled.region.${row.region}`)}</Text>
                  <Text size="sm">{t('enrolled.line', { number: formatNumber(row.enrolledVoters) })}</Text>
                </Paper>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </section>
  );
}
