import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { rollReasonSchema } from '@shared/schemas/voter-roll';
import { ROLL_REASON_MAX } from '@shared/voter-roll';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { messageText } from '../../i18n/error-texts';
import { failureReason } from '../../lib/notify';

/**
 * Asks why (a rejection, a suspension, a flag's resolution) before the action: the reason is required and
 * kept with the entry and in the audit log.
 */
export function ReasonDialog({
  opened,
  title,
  summary,
  label,
  submitLabel,
  busy,
  error,
  color = 'red',
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  summary: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  color?: string;
  onSubmit(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason('');
      setInvalid(null);
    }
  }, [opened]);

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={title} size="md">
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = rollReasonSchema.safeParse(reason);
          if (!parsed.success) {
            setInvalid(messageText(parsed.error.issues[0]?.message ?? 'roll.reasonRequired'));
            return;
          }
          onSubmit(parsed.data);
        }}
      >
        <Stack>
          <Text>{summary}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {failureReason(error)}
            </Alert>
          ) : null}
          <Textarea
            label={label}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setInvalid(null);
            }}
            error={invalid}
            autosize
            minRows={3}
            maxLength={ROLL_REASON_MAX}
            data-autofocus
            disabled={busy}
          />
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={color} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
