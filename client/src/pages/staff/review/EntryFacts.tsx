import { Group, SimpleGrid, Text } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import type { VoterStatus } from '@shared/voter-roll';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../../components/content/ContentText';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { formatDateTime } from '../../../i18n/format';
import { VoterStatusBadge } from '../VoterStatusBadge';

export interface EntryView {
  fullName: string;
  voterCardNumber: string;
  status: VoterStatus;
  statusReason?: string | null;
  districtName: string;
  region: string;
  centerName: string | null;
  centerNameText: BilingualText;
  registrarName: string | null;
  createdAt: Date | string;
}

/** What a supervisor reads about one entry: the person, the card, where and by whom it was recorded. */
export function EntryFacts({ entry }: { entry: EntryView }) {
  const { t } = useTranslation('staff');
  const contentText = useContentText();
  const regionName = useRegionName();
  const facts: [string, string][] = [
    [t('columns.card'), entry.voterCardNumber],
    [t('columns.district'), `${entry.districtName}, ${regionName(entry.region)}`],
    [
      t('columns.center'),
      entry.centerName === null ? t('review.fromImport') : contentText(entry.centerNameText),
    ],
    [t('columns.registrar'), entry.registrarName ?? '—'],
    [t('columns.time'), formatDateTime(new Date(entry.createdAt))],
  ];
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} fz="lg">
          {entry.fullName}
        </Text>
        <VoterStatusBadge status={entry.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {entry.statusReason && <Text size="sm">{t('review.reasonGiven', { reason: entry.statusReason })}</Text>}
    </>
  );
}
