import { Table, type TableProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A column's heading; a column of numbers is right-aligned, heading and cells alike. */
export type AdminColumn = string | { label: string; align: 'right' };

interface AdminTableProps extends Omit<TableProps, 'children' | 'aria-label'> {
  /** The table's accessible name. */
  label: string;
  /** Narrower than this, the table scrolls sideways inside its own box: the page never does. */
  minWidth: number;
  columns: AdminColumn[];
  /** A last column for the rows' buttons (RowActionsCell), its heading read by screen readers only. */
  withActions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** The admin pages' table: striped, named, its headings, and its own sideways scroll on a narrow screen. */
export function AdminTable({
  label,
  minWidth,
  columns,
  withActions = false,
  children,
  ...table
}: AdminTableProps) {
  const { t } = useTranslation('admin');
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped aria-label={label} {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column}>{column}</Table.Th>
              ) : (
                <Table.Th key={column.label} ta={column.align}>
                  {column.label}
                </Table.Th>
              ),
            )}
            {withActions && (
              <Table.Th>
                <VisuallyHidden>{t('general.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
