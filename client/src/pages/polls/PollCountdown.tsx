import { Group, Paper, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const UNITS = [
  { label: 'days', ms: 86_400_000 },
  { label: 'hours', ms: 3_600_000 },
  { label: 'minutes', ms: 60_000 },
  { label: 'seconds', ms: 1_000 },
] as const;

function parts(remainingMs: number) {
  let rest = Math.max(0, remainingMs);
  return UNITS.map((unit) => {
    const value = Math.floor(rest / unit.ms);
    rest -= value * unit.ms;
    return { label: unit.label, value };
  });
}

/** Time left until the poll closes, ticking each second; calls onExpire once when it reaches zero. */
export function PollCountdown({ closesAt, onExpire }: { closesAt: Date; onExpire(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const expired = useRef(false);
  const remaining = closesAt.getTime() - now;

  useEffect(() => {
    if (remaining > 0 || expired.current) return;
    expired.current = true;
    interval.stop();
    onExpire();
  }, [remaining, interval, onExpire]);

  const units = parts(remaining);
  const spoken = units
    .filter((unit, index) => unit.value > 0 || index === units.length - 1)
    .map((unit) => `${unit.value} ${unit.label}`)
    .join(', ');

  return (
    // role="timer" is not announced on every tick; the label carries the full sentence for screen readers.
    <Paper withBorder radius="md" p="sm" role="timer" aria-label={`Poll closes in ${spoken}`}>
      <Text size="sm" c="dimmed" mb={4} aria-hidden>
        Poll closes in
      </Text>
      <Group gap="xs" wrap="nowrap" aria-hidden>
        {units.map((unit) => (
          <div key={unit.label} style={{ minWidth: 56, textAlign: 'center' }}>
            <Text fw={700} fz="xl" ff="monospace">
              {String(unit.value).padStart(2, '0')}
            </Text>
            <Text size="xs" c="dimmed">
              {unit.label}
            </Text>
          </div>
        ))}
      </Group>
    </Paper>
  );
}
