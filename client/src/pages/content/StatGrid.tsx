import { Paper, SimpleGrid, Text } from '@mantine/core';

interface Stat {
  label: string;
  value: string;
}

/** Summary figures as cards: a description list, the figure drawn above its label. */
export function StatGrid({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <SimpleGrid
      component="dl"
      aria-label={label}
      cols={{ base: 2, sm: Math.min(stats.length, 3), md: stats.length }}
      spacing="sm"
      m={0}
    >
      {stats.map((stat) => (
        <Paper
          key={stat.label}
          withBorder
          p="md"
          radius="md"
          style={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' }}
        >
          <Text component="dt" size="sm" c="dimmed">
            {stat.label}
          </Text>
          <Text
            component="dd"
            // Words such as "Data not available" are smaller than figures so they fit half a phone's width.
            fz={stat.value.length > 12 ? { base: 17, sm: 20 } : { base: 22, sm: 28 }}
            fw={700}
            lh={1.2}
            m={0}
            c="somaliBlue"
            style={{ overflowWrap: 'break-word' }}
          >
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
