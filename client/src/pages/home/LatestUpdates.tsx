import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { LATEST_UPDATES, newsDay } from '@shared/content/news';
import { dayKey } from '@shared/months';
import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import { formatDay } from '../../i18n/format';

export function LatestUpdates() {
  const { t } = useTranslation('home');
  // The day the server rendered the page (root.tsx), so the browser hydrates the same dates, even from an offline copy.
  const root = useRouteLoaderData('root') as { today?: string } | undefined;
  const today = root?.today ?? dayKey(new Date());
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {LATEST_UPDATES.map((item) => {
        const day = newsDay(item, today);
        return (
          <Card key={item.id} component="article" withBorder padding="lg" aria-labelledby={`news-${item.id}`}>
            <Text size="sm" c="dimmed" component="time" dateTime={day}>
              {formatDay(day)}
            </Text>
            <Title id={`news-${item.id}`} order={3} fz="lg" mt={4}>
              {t(`news.${item.id}.title`)}
            </Title>
            <Text size="sm" mt="xs">
              {t(`news.${item.id}.summary`)}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
