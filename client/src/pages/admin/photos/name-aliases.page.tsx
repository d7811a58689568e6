import {
  ActionIcon,
  Alert,
  EmptyState,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconAddressBook, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDialog';
import { formatEatTime } from '../../../i18n/format';
import { failureReason, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { AliasForm } from './AliasForm';

type NameAlias = RouterOutputs['photos']['aliases']['list'][number];

/** /admin/data-tools/name-aliases: names as the parliament's site spells them, mapped to members. */
export function AdminNameAliasesPage() {
  const { t } = useTranslation(['adminPhotos', 'common']);
  usePageMeta(t('aliases.metaTitle'), t('aliases.metaDescription'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const aliases = useQuery(trpc.photos.aliases.list.queryOptions());
  const [deleting, setDeleting] = useState<NameAlias | null>(null);
  const remove = useMutation(
    trpc.photos.aliases.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('aliases.deleted'), t('aliases.deletedBody', { name: deleting?.scrapedName ?? '' }));
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.photos.aliases.list.queryKey() });
      },
      onError: (error) => notifyFailure(t('aliases.deleteFailed'), error),
    }),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('aliases.title')}</Title>
        <Text c="dimmed">{t('aliases.intro')}</Text>
      </div>
      <AliasForm />
      {aliases.isPending ? (
        <Skeleton h={160} />
      ) : aliases.isError ? (
        <Alert color="red" title={t('aliases.loadFailed')}>
          {failureReason(aliases.error)}
        </Alert>
      ) : aliases.data.length === 0 ? (
        <EmptyState icon={<IconAddressBook size={32} aria-hidden />} title={t('aliases.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('aliases.ariaLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('aliases.sourceName')}</Table.Th>
                <Table.Th>{t('aliases.member')}</Table.Th>
                <Table.Th>{t('aliases.added')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {aliases.data.map((alias) => (
                <Table.Tr key={alias.id}>
                  <Table.Td fw={600}>{alias.scrapedName}</Table.Td>
                  <Table.Td>
                    {alias.memberName ?? <Text c="red">{t('aliases.memberGone')}</Text>}
                    <Text size="sm" c="dimmed">
                      {t(`memberType.${alias.memberType}`)}
                      {alias.memberDetail ? ` · ${alias.memberDetail}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatEatTime(alias.createdAt)}</Text>
                    {alias.createdByEmail && (
                      <Text size="xs" c="dimmed">
                        {alias.createdByEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      aria-label={t('aliases.deleteOf', { name: alias.scrapedName })}
                      onClick={() => setDeleting(alias)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('aliases.deleteTitle')}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting &&
          t('aliases.deleteBody', {
            name: deleting.scrapedName,
            member: deleting.memberName ?? t('aliases.aMember'),
          })}
      </ConfirmDelete>
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminPhotos'] });

export default routeComponent(AdminNameAliasesPage);
