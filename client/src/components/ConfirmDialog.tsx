import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteProps {
  opened: boolean;
  /** e.g. "Delete district?" */
  title: string;
  children: ReactNode;
  busy?: boolean;
  confirmLabel?: string;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * Every delete asks first (docs/product.md#deletes-ask-first). Cancel has the focus, so Enter never deletes by
 * accident.
 */
export function ConfirmDelete({
  opened,
  title,
  children,
  busy = false,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
