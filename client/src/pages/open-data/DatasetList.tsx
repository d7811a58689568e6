import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../i18n/format';

type Dataset = RouterOutputs['openData']['catalogue']['datasets'][number];

/** "812 B", "12.4 kB", "1.2 MB": a file's size as a download link gives it. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${formatNumber(bytes)} B`;
  if (bytes < 1_000_000) return `${formatNumber(bytes / 1000, { maximumFractionDigits: 1 })} kB`;
  return `${formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1 })} MB`;
}

function DatasetCard({ dataset }: { dataset: Dataset }) {
  const { t } = useTranslation('openData');
  const title = t(`dataset.${dataset.name}`);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`dataset-${dataset.name}`}>
      <Stack gap="xs">
        <Title order={3} fz="h4" id={`dataset-${dataset.name}`}>
          {title}
        </Title>
        <Text size="sm">{t(`about.${dataset.name}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('columns.licence')}:{' '}
          <Anchor href={dataset.licence.url} inherit target="_blank" rel="noopener noreferrer">
            {dataset.licence.name}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          {t('columns.lastChanged')}: {formatDateTime(dataset.lastChanged)}
        </Text>
        <Group gap="sm">
          {dataset.formats.map((file) => {
            const format = file.format.toUpperCase();
            const size = fileSize(file.bytes);
            return (
              <Button
                key={file.format}
                component="a"
                href={file.url}
                download
                variant="light"
                h={44}
                leftSection={<IconDownload size={16} aria-hidden />}
                // The visible words first, then which dataset: a list of links read alone still says what each is.
                aria-label={`${t('download', { format, size })}: ${title}`}
              >
                {t('download', { format, size })}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Every dataset with its licence, last change and both files (format and size). */
export function DatasetList({ datasets }: { datasets: Dataset[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {datasets.map((dataset) => (
        <DatasetCard key={dataset.name} dataset={dataset} />
      ))}
    </SimpleGrid>
  );
}
