import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import { hoursRuns, type OpeningHours } from '@shared/opening-hours';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContentText } from '../../components/content/ContentText';
import { formatPhoneNumber } from '../../lib/phone';
import { hoursLines, statusText } from './hours-text';

interface CentreHoursProps {
  openingHours: OpeningHours;
  hoursNoteText: BilingualText;
  phone: string | null;
  email: string | null;
  /** The moment the status is read at (lib/clock.ts useNow: the data's time on the server, then the browser's). */
  now: Date;
}

/**
 * What a citizen needs to go to a centre: whether it is open now, its week's hours, a note on them, and a
 * number to call. Nothing at all where the centre gave none of these: no "hours unknown" lines.
 */
export function CentreHours({ openingHours, hoursNoteText, phone, email, now }: CentreHoursProps) {
  const { t } = useTranslation('centers');
  const status = statusText(openingHours, now, t);
  const lines = hoursLines(hoursRuns(openingHours), t);
  const hasNote = hoursNoteText.en !== null || hoursNoteText.so !== null;
  if (!status && !hasNote && !phone && !email) return null;
  return (
    <Stack gap={4} mt="xs">
      {status && (
        <Badge
          color={status.open ? 'green' : 'gray'}
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
          style={{ whiteSpace: 'normal', height: 'auto', alignSelf: 'flex-start' }}
          data-testid="centre-status"
        >
          {status.text}
        </Badge>
      )}
      {lines.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {t('hours')}
          </Text>
          <dl className="centre-hours" style={{ margin: 0 }}>
            {lines.map((line) => (
              <div key={line.days} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
                <Text component="dt" size="sm">
                  {line.days}
                </Text>
                <Text component="dd" size="sm" m={0} ff="monospace">
                  {line.hours}
                </Text>
              </div>
            ))}
          </dl>
        </div>
      )}
      {hasNote && (
        <Text size="sm" c="dimmed">
          <ContentText text={hoursNoteText} />
        </Text>
      )}
      {phone && (
        // A button-sized link: on a phone it is tapped to call (44 px, as every target on the site).
        <Button
          component="a"
          href={`tel:${phone}`}
          variant="light"
          h={44}
          leftSection={<IconPhone size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('call', { phone: formatPhoneNumber(phone) })}
        </Button>
      )}
      {email && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
        </Text>
      )}
    </Stack>
  );
}
