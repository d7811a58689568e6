import { Button, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconCheckbox, IconPhoto, IconSettings, IconWriting } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../../lib/trpc';
import { useLoadFailure } from './dashboard-queries';

const COUNTS = [
  { key: 'districts', label: 'Districts' },
  { key: 'centers', label: 'Registration centers' },
  { key: 'activeCenters', label: 'Active centers' },
  { key: 'candidates', label: 'Candidates' },
  { key: 'polls', label: 'Polls' },
] as const;

const LINKS = [
  { to: '/admin/polls', label: 'Manage polls', icon: IconWriting },
  { to: '/admin/elections', label: 'Manage elections', icon: IconCheckbox },
  { to: '/admin/data-tools/member-photos', label: 'Member photos', icon: IconPhoto },
  { to: '/admin/settings', label: 'Map settings', icon: IconSettings },
] as const;

/** The dashboard's counts (SPEC §2) and its shortcuts to the other admin screens. */
export function DashboardOverview() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  useLoadFailure(stats.error, 'Failed to load dashboard counts');
  const numbers = new Intl.NumberFormat();

  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="section" aria-label="Counts">
        {COUNTS.map(({ key, label }) => (
          <Paper key={key} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {stats.data ? (
              <Text fz={28} fw={700} data-testid={`count-${key}`}>
                {numbers.format(stats.data[key])}
              </Text>
            ) : (
              <Skeleton h={34} mt={4} w={60} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="nav" aria-label="Admin shortcuts">
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
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </>
  );
}
