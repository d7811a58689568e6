import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../content/ContentText';

/**
 * The step between choosing and casting a vote that cannot be changed, on an election's ballot and a poll's alike:
 * it names the choice and asks once more, with Back (to choose again) and Confirm (to cast). A form of its own,
 * so Enter confirms; its texts are the site's (common), the same on both ballots.
 */
export function ConfirmChoice({
  choice,
  busy,
  onBack,
  onConfirm,
}: {
  /** The candidate chosen: "You are voting for Hodan Cali (Party)". */
  choice: { name: string; partyText: BilingualText };
  busy: boolean;
  onBack(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  const contentText = useContentText();
  const party = contentText(choice.partyText);
  const heading = useRef<HTMLHeadingElement>(null);
  // The choice list has gone: focus goes to the step, so a screen reader hears what is being confirmed.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form
      aria-label={t('confirmVote.form')}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <Stack gap="md" data-testid="vote-confirm-step">
        <Title order={2} fz="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('confirmVote.title')}
        </Title>
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {party
            ? t('confirmVote.choiceParty', { name: choice.name, party })
            : t('confirmVote.choice', { name: choice.name })}
        </Text>
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-light)">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('confirmVote.warning')}</Text>
          </Group>
        </Paper>
        <Group gap="sm" grow wrap="wrap">
          <Button type="button" variant="default" size="md" h={48} onClick={onBack} disabled={busy}>
            {t('confirmVote.back')}
          </Button>
          <Button type="submit" size="md" h={48} loading={busy} loaderProps={{ type: 'dots' }}>
            {busy ? t('confirmVote.submitting') : t('confirmVote.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
