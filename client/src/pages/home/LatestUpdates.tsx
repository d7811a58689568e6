import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { LATEST_UPDATES } from '@shared/content/news';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../i18n/format';

export function LatestUpdates() {
  const { t } = useTranslation('home');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {LATEST_UPDATES.map((item) => (
        <Card key={item.id} component="article" withBorder padding="lg" aria-labelledby={`news-${item.id}`}>
          <Text size="sm" c="dimmed" component="time" dateTime={item.date}>
            {formatDay(item.date)}
          </Text>
          <Title id={`news-${item.id}`} order={3} fz="lg" mt={4}>
            {t(`news.${item.id}.title`)}
          </Title>
          <Text size="sm" mt="xs">
            {t(`news.${item.id}.summary`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
