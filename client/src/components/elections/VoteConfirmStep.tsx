import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The step between choosing and casting a vote that cannot be changed: it names the choice and asks once more,
 * with Back (to choose again) and Confirm (to cast). The texts come from the ballot's own namespace (an
 * election's or a poll's), so the step reads the same on both.
 */
export function VoteConfirmStep({
  title,
  choice,
  warning,
  back,
  confirm,
  busy,
  busyLabel,
  onBack,
}: {
  title: string;
  /** "You are voting for Hodan Cali (Party)": the sentence naming the choice. */
  choice: ReactNode;
  /** That the vote cannot be changed once cast. */
  warning: string;
  back: string;
  confirm: string;
  busy: boolean;
  busyLabel: string;
  onBack(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The choice list has gone: focus goes to the step, so a screen reader hears what is being confirmed.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack gap="md" data-testid="vote-confirm-step">
      <Title order={2} fz="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {choice}
      </Text>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-light)">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{warning}</Text>
        </Group>
      </Paper>
      <Group gap="sm" grow wrap="wrap">
        <Button type="button" variant="default" size="md" h={48} onClick={onBack} disabled={busy}>
          {back}
        </Button>
        <Button type="submit" size="md" h={48} loading={busy} loaderProps={{ type: 'dots' }}>
          {busy ? busyLabel : confirm}
        </Button>
      </Group>
    </Stack>
  );
}
