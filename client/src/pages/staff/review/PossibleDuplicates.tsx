import { Alert, Checkbox, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Duplicate {
  id: string;
  fullName: string;
  voterCardNumber: string;
  districtName: string;
  status: string;
  statusReason: string | null;
}

/**
 * Entries refused before on the same card, and others with the same name and date of birth or district
 * (server/services/voter-roll/duplicates.ts), shown before a supervisor approves an entry; the approval is sent as
 * acknowledged only once the supervisor ticks that they compared them.
 */
export function PossibleDuplicates({
  duplicates,
  acknowledged,
  onAcknowledge,
}: {
  duplicates: Duplicate[];
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
}) {
  const { t } = useTranslation('staff');
  if (duplicates.length === 0) return null;
  return (
    <Alert color="yellow" title={t('review.duplicatesTitle')} data-testid="possible-duplicates">
      <Text size="sm">{t('review.duplicatesLead')}</Text>
      <List size="sm" my="xs">
        {duplicates.map((duplicate) => (
          <List.Item key={duplicate.id}>
            {t(duplicate.status === 'rejected' ? 'review.refusedOnCardRow' : 'review.duplicateRow', {
              name: duplicate.fullName,
              card: duplicate.voterCardNumber,
              district: duplicate.districtName,
              reason: duplicate.statusReason ?? '',
            })}
          </List.Item>
        ))}
      </List>
      <Checkbox
        checked={acknowledged}
        onChange={(event) => onAcknowledge(event.currentTarget.checked)}
        label={t('review.acknowledgeDuplicates')}
      />
    </Alert>
  );
}
