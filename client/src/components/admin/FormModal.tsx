import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../ResponsiveModal';

interface FormModalProps {
  /** The modal's title, which also names the form for screen readers and the browser tests. */
  title: string;
  onClose(): void;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  /** While saving: the buttons wait, the submit button spins. */
  busy: boolean;
  submitLabel: string;
  /** The fields, and any sentence above them. */
  children: ReactNode;
}

/**
 * An admin form in a modal (full screen on a phone): its fields, then Cancel and the submit button. The form
 * checks its own fields (noValidate), so every error is a sentence in the reader's language.
 */
export function FormModal({ title, onClose, onSubmit, busy, submitLabel, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack>
          {children}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy} h={44}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} h={44}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
