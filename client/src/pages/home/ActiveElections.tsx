import { Badge, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText, useContentText } from '../../components/content/ContentText';
import { formatDate } from '../../i18n/format';
import { useTRPC } from '../../lib/trpc';
import classes from './home.module.css';

/**
 * Elections a signed-in citizen can vote in now; nothing at all while there are none (docs/product.md#landing-page).
 */
export function ActiveElections() {
  const { t } = useTranslation('home');
  const trpc = useTRPC();
  const active = useQuery(trpc.elections.active.queryOptions());
  const contentText = useContentText();
  const elections = active.data ?? [];
  if (elections.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="active-elections-title">
      <Title id="active-elections-title" order={2} className={classes.sectionTitle}>
        {t('active.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {elections.map((election) => (
          <Card
            key={election.id}
            component="article"
            withBorder
            padding="lg"
            aria-label={contentText(election.titleText)}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={3} fz="lg">
                <ContentText text={election.titleText} />
              </Title>
              <Badge color="green" variant="light">
                {t(`active.status.${election.status}`)}
              </Badge>
            </Group>
            {election.description && (
              <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
                <ContentText text={election.descriptionText} />
              </Text>
            )}
            <Text size="sm" mt="sm" fw={500}>
              {t('active.ends', { date: formatDate(election.endTime) })}
            </Text>
            <Button component={Link} to={`/election/${election.id}`} variant="light" mt="md" fullWidth>
              {t('active.viewDetails')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
