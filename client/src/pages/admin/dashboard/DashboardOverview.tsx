import { Button, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconCheckbox, IconPhoto, IconSettings, IconWriting } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../i18n/format';
import { useTRPC } from '../../../lib/trpc';
import { useLoadFailure } from './dashboard-queries';

const COUNTS = ['districts', 'centers', 'activeCenters', 'candidates', 'polls'] as const;

const LINKS = [
  { to: '/admin/polls', label: 'overview.shortcuts.polls', icon: IconWriting },
  { to: '/admin/elections', label: 'overview.shortcuts.elections', icon: IconCheckbox },
  { to: '/admin/data-tools/member-photos', label: 'overview.shortcuts.memberPhotos', icon: IconPhoto },
  { to: '/admin/settings', label: 'overview.shortcuts.settings', icon: IconSettings },
] as const;

/** The dashboard's counts (docs/product.md#admin-dashboard) and its shortcuts to the other admin screens. */
export function DashboardOverview() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  useLoadFailure(stats.error, t('overview.countsFailed'));

  return (
    <>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 5 }}
        spacing="sm"
        component="section"
        aria-label={t('overview.countsLabel')}
      >
        {COUNTS.map((key) => (
          <Paper key={key} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {t(`overview.counts.${key}`)}
            </Text>
            {stats.data ? (
              <Text fz={28} fw={700} data-testid={`count-${key}`}>
                {formatNumber(stats.data[key])}
              </Text>
            ) : (
              <Skeleton h={34} mt={4} w={60} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="sm"
        component="nav"
        aria-label={t('overview.shortcutsLabel')}
      >
        {LINKS.map(({ to, label, icon: Icon }) => (
          <Button
            key={to}
            component={Link}
            to={to}
            variant="light"
            justify="flex-start"
            leftSection={<Icon size={18} aria-hidden />}
            h={44}
          >
            {t(label)}
          </Button>
        ))}
      </SimpleGrid>
    </>
  );
}
