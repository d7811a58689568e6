import { MultiSelect, Skeleton } from '@mantine/core';
import { STAFF_CENTERS_MAX } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../../components/content/ContentText';
import { useTRPC } from '../../../lib/trpc';

interface RegistrarCentersFieldProps {
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
}

/** The registration centers a Registrar enrolls voters at: every center, closed ones marked. */
export function RegistrarCentersField({ value, onChange, disabled }: RegistrarCentersFieldProps) {
  const { t } = useTranslation('admin');
  const contentText = useContentText();
  const trpc = useTRPC();
  const centers = useQuery(trpc.admin.centers.list.queryOptions());
  if (centers.isPending) return <Skeleton h={60} />;
  const options = (centers.data ?? []).map((center) => ({
    value: center.id,
    label: `${contentText(center.nameText)} (${center.code})${center.isActive ? '' : ` · ${t('general.inactive')}`}`,
  }));
  return (
    <MultiSelect
      label={t('users.centers')}
      description={t('users.centersHint')}
      placeholder={value.length === 0 ? t('users.centersNone') : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      maxValues={STAFF_CENTERS_MAX}
      nothingFoundMessage={t('users.centersNotFound')}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
