import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  MEMBER_TYPE_LABELS,
  MEMBER_TYPES,
  type MemberType,
  PHOTO_STATUSES,
  type PhotoStatus,
} from '../../../../../shared/member-photos';

export interface PhotoFilters {
  memberType: MemberType | null;
  status: PhotoStatus | null;
  search: string;
}

/** Member type, processing status and a name search (SPEC §7's filters). */
export function MemberPhotoFilters({
  value,
  onChange,
}: {
  value: PhotoFilters;
  onChange(next: PhotoFilters): void;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Member type"
        placeholder="All members"
        data={MEMBER_TYPES.map((type) => ({ value: type, label: MEMBER_TYPE_LABELS[type] }))}
        value={value.memberType}
        onChange={(memberType) => onChange({ ...value, memberType: memberType as MemberType | null })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Processing status"
        placeholder="Any status"
        data={[...PHOTO_STATUSES]}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as PhotoStatus | null })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        label="Search members"
        placeholder="Name, HOP number, region or state"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        w={{ base: '100%', xs: 280 }}
      />
    </Group>
  );
}
