import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from '../../../components/avatar/MemberPhoto';
import { formatEatTime } from '../../../i18n/format';
import { PhotoStatusBadge } from './PhotoStatusBadge';

export type MemberPhotoItem = RouterOutputs['photos']['members']['items'][number];

interface MemberPhotoTableProps {
  items: MemberPhotoItem[];
  onOverride(item: MemberPhotoItem): void;
  onClear(item: MemberPhotoItem): void;
}

/** Each member's current photo (as the directories show it), its status and the override actions. */
export function MemberPhotoTable({ items, onOverride, onClear }: MemberPhotoTableProps) {
  const { t } = useTranslation('adminPhotos');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label={t('table.ariaLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.photo')}</Table.Th>
            <Table.Th>{t('table.member')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>{t('table.updated')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.memberType}:${item.memberId}`}>
              <Table.Td>
                <MemberPhoto name={item.name} imageUrl={item.photoUrl} size="md" />
              </Table.Td>
              <Table.Td>
                <Text fw={600}>{item.name}</Text>
                <Text size="sm" c="dimmed">
                  {t(`memberType.${item.memberType}`)} · {item.detail}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} maw={280}>
                  <PhotoStatusBadge status={item.status} />
                  {item.manualOverrideUrl && <Text size="xs">{t('table.manualOverride')}</Text>}
                  {item.errorMessage && (
                    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                      {item.errorMessage}
                    </Text>
                  )}
                  {item.photoUrl && (
                    <Anchor href={item.photoUrl} target="_blank" size="xs">
                      {t('table.openPhoto')}
                    </Anchor>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.updatedAt ? formatEatTime(item.updatedAt) : t('never')}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    h={44}
                    variant="default"
                    onClick={() => onOverride(item)}
                    aria-label={t('table.overrideFor', { name: item.name })}
                  >
                    {t('table.override')}
                  </Button>
                  {item.manualOverrideUrl && (
                    <Button
                      h={44}
                      variant="subtle"
                      color="red"
                      onClick={() => onClear(item)}
                      aria-label={t('table.clearFor', { name: item.name })}
                    >
                      {t('table.clear')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
