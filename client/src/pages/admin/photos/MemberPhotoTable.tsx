import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { MEMBER_TYPE_LABELS } from '../../../../../shared/member-photos';
import { MemberPhoto } from '../../../components/avatar/MemberPhoto';
import { formatElectionTime } from '../../../components/elections/election-dates';
import { PhotoStatusBadge } from './PhotoStatusBadge';

export type MemberPhotoItem = RouterOutputs['photos']['members']['items'][number];

interface MemberPhotoTableProps {
  items: MemberPhotoItem[];
  onOverride(item: MemberPhotoItem): void;
  onClear(item: MemberPhotoItem): void;
}

/** Each member's current photo (as the directories show it), its status and the override actions. */
export function MemberPhotoTable({ items, onOverride, onClear }: MemberPhotoTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label="Member photos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Photo</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
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
                  {MEMBER_TYPE_LABELS[item.memberType]} · {item.detail}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} maw={280}>
                  <PhotoStatusBadge status={item.status} />
                  {item.manualOverrideUrl && <Text size="xs">Manual override</Text>}
                  {item.errorMessage && (
                    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                      {item.errorMessage}
                    </Text>
                  )}
                  {item.photoUrl && (
                    <Anchor href={item.photoUrl} target="_blank" size="xs">
                      Open photo
                    </Anchor>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.updatedAt ? formatElectionTime(item.updatedAt) : 'Never'}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    h={44}
                    variant="default"
                    onClick={() => onOverride(item)}
                    aria-label={`Set manual override for ${item.name}`}
                  >
                    Override
                  </Button>
                  {item.manualOverrideUrl && (
                    <Button
                      h={44}
                      variant="subtle"
                      color="red"
                      onClick={() => onClear(item)}
                      aria-label={`Clear manual override for ${item.name}`}
                    >
                      Clear
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
