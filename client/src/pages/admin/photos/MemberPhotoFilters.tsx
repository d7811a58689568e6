import { Group, Select, TextInput } from '@mantine/core';
import { MEMBER_TYPES, type MemberType, PHOTO_STATUSES, type PhotoStatus } from '@shared/member-photos';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PhotoFilters {
  memberType: MemberType | null;
  status: PhotoStatus | null;
  search: string;
}

/** Member type, processing status and a name search (docs/product.md#member-photos). */
export function MemberPhotoFilters({
  value,
  onChange,
}: {
  value: PhotoFilters;
  onChange(next: PhotoFilters): void;
}) {
  const { t } = useTranslation('adminPhotos');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('filters.memberType')}
        placeholder={t('filters.allMembers')}
        data={MEMBER_TYPES.map((type) => ({ value: type, label: t(`memberType.${type}`) }))}
        value={value.memberType}
        onChange={(memberType) => onChange({ ...value, memberType: memberType as MemberType | null })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.anyStatus')}
        data={PHOTO_STATUSES.map((status) => ({ value: status, label: t(`photoStatus.${status}`) }))}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as PhotoStatus | null })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        w={{ base: '100%', xs: 280 }}
      />
    </Group>
  );
}
