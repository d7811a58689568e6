import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';

/** Previous and next with "Page 2 of 17" between: 44 px targets that fit a 360 px screen at any page count. */
export function Pager({
  page,
  pages,
  label,
  onChange,
}: {
  page: number;
  pages: number;
  label: string;
  onChange(page: number): void;
}) {
  const { t } = useTranslation('adminPhotos');
  if (pages <= 1) return null;
  return (
    <Pagination.Root total={pages} value={page} onChange={onChange} size="xl">
      <Group gap="sm" component="nav" aria-label={label} wrap="nowrap">
        <Pagination.Previous aria-label={t('pager.previous')} />
        <Text size="sm" aria-live="polite">
          {t('pager.page', { page: formatNumber(page), pages: formatNumber(pages) })}
        </Text>
        <Pagination.Next aria-label={t('pager.next')} />
      </Group>
    </Pagination.Root>
  );
}
