import { ActionIcon, Button, Group, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Admin tables only: the admin texts are loaded with the admin frame.

/** The last cell of an admin table's row (AdminTable withActions): its buttons side by side at the row's end. */
export function RowActionsCell({ children }: { children?: ReactNode }) {
  return (
    <Table.Td>
      {children ? (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {children}
        </Group>
      ) : null}
    </Table.Td>
  );
}

/** The pencil button of an admin table row; its label names the row for screen readers. */
export function EditRowButton({ name, onClick }: { name: string; onClick(): void }) {
  const { t } = useTranslation('admin');
  return (
    <ActionIcon variant="subtle" size={40} aria-label={t('rowActions.edit', { name })} onClick={onClick}>
      <IconPencil size={18} />
    </ActionIcon>
  );
}

/** The bin button of an admin table row; the caller asks for confirmation before deleting. */
export function DeleteRowButton({ name, onClick }: { name: string; onClick(): void }) {
  const { t } = useTranslation('admin');
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size={40}
      aria-label={t('rowActions.delete', { name })}
      onClick={onClick}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}

/** Activate/Deactivate for a row with an is_active flag (docs/product.md#district-and-center-forms). */
export function ActiveToggleButton(props: {
  name: string;
  isActive: boolean;
  loading: boolean;
  onToggle(): void;
  /** Deactivating an account is the more consequential action: show it in red. */
  warn?: boolean;
}) {
  const { t } = useTranslation('admin');
  const name = props.name;
  return (
    <Button
      size="compact-sm"
      h={36}
      variant="default"
      color={props.warn && props.isActive ? 'red' : undefined}
      loading={props.loading}
      onClick={props.onToggle}
      aria-label={
        props.isActive ? t('rowActions.deactivateNamed', { name }) : t('rowActions.activateNamed', { name })
      }
    >
      {props.isActive ? t('rowActions.deactivate') : t('rowActions.activate')}
    </Button>
  );
}
