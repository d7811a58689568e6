import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useNow } from '../../lib/clock';

const UNITS = [
  { unit: 'days', ms: 86_400_000 },
  { unit: 'hours', ms: 3_600_000 },
  { unit: 'minutes', ms: 60_000 },
  { unit: 'seconds', ms: 1_000 },
] as const;

function parts(remainingMs: number) {
  let rest = Math.max(0, remainingMs);
  return UNITS.map(({ unit, ms }) => {
    const value = Math.floor(rest / ms);
    rest -= value * ms;
    return { unit, value };
  });
}

/**
 * Time left until the poll closes, ticking each second; calls onExpire once when it reaches zero. The first
 * render counts from `renderedAt` (when the poll was read), the server's value, so hydration matches.
 */
export function PollCountdown({
  closesAt,
  onExpire,
  renderedAt,
}: {
  closesAt: Date;
  onExpire(): void;
  renderedAt: number;
}) {
  const { t } = useTranslation('polls');
  const now = useNow(renderedAt, 1000);
  const expired = useRef(false);
  const remaining = closesAt.getTime() - now.getTime();

  useEffect(() => {
    if (remaining > 0 || expired.current) return;
    expired.current = true;
    onExpire();
  }, [remaining, onExpire]);

  const units = parts(remaining);
  const spoken = units
    .filter((part, index) => part.value > 0 || index === units.length - 1)
    .map((part) => t(`countdown.${part.unit}Count`, { count: part.value, value: formatNumber(part.value) }))
    .join(', ');

  return (
    // role="timer" is not announced on every tick; the label carries the full sentence for screen readers.
    <Paper withBorder radius="md" p="sm" role="timer" aria-label={t('countdown.spoken', { time: spoken })}>
      <Text size="sm" c="dimmed" mb={4} aria-hidden>
        {t('countdown.title')}
      </Text>
      <Group gap="xs" wrap="nowrap" aria-hidden>
        {units.map((part) => (
          <div key={part.unit} style={{ minWidth: 56, textAlign: 'center' }}>
            <Text fw={700} fz="xl" ff="monospace">
              {formatNumber(part.value, { minimumIntegerDigits: 2 })}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`countdown.${part.unit}`)}
            </Text>
          </div>
        ))}
      </Group>
    </Paper>
  );
}
