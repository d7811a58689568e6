import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MEMBER_TYPES, type MemberType } from '@shared/member-photos';
import { nameAliasInput, photoMessages } from '@shared/schemas/photos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';

const formSchema = z.object({
  scrapedName: nameAliasInput.shape.scrapedName,
  member: z
    .string({ error: photoMessages.memberRequired })
    .min(1, photoMessages.memberRequired)
    .nullable()
    .refine((value) => value !== null, photoMessages.memberRequired),
});

/** Maps a name as the source spells it to one member: the next photo job matches it. */
export function AliasForm() {
  const { t } = useTranslation('adminPhotos');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const choices = useQuery(trpc.photos.aliases.memberChoices.queryOptions());
  const form = useForm<{ scrapedName: string; member: string | null }>({
    initialValues: { scrapedName: '', member: null },
    validate: zodValidate(formSchema),
  });
  const create = useMutation(
    trpc.photos.aliases.create.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('aliasForm.added'), t('aliasForm.addedBody'));
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.photos.aliases.list.queryKey() });
      },
      onError: (error) => notifyFailure(t('aliasForm.failed'), error),
    }),
  );

  const data = MEMBER_TYPES.map((type) => ({
    group: t(`memberType.${type}`),
    items: (choices.data ?? [])
      .filter((member) => member.type === type)
      .map((member) => ({
        value: `${member.type}:${member.id}`,
        label: `${member.name} (${member.detail})`,
      })),
  }));

  return (
    <Paper withBorder p="md" radius="md">
      <form
        aria-label={t('aliasForm.ariaLabel')}
        onSubmit={form.onSubmit((values) => {
          const [memberType, memberId] = (values.member ?? '').split(':') as [MemberType, string];
          create.mutate({ scrapedName: values.scrapedName, memberType, memberId });
        })}
      >
        <Stack>
          <Title order={2} fz="h4">
            {t('aliasForm.heading')}
          </Title>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={t('aliasForm.sourceName')}
              description={t('aliasForm.sourceNameHint')}
              placeholder={t('aliasForm.sourceNamePlaceholder')}
              disabled={create.isPending}
              miw={220}
              {...form.getInputProps('scrapedName')}
            />
            <Select
              label={t('aliasForm.member')}
              description={t('aliasForm.memberHint')}
              placeholder={choices.isPending ? t('aliasForm.loadingMembers') : t('aliasForm.searchMembers')}
              data={data}
              searchable
              limit={50}
              nothingFoundMessage={t('aliasForm.noMatch')}
              disabled={create.isPending || !choices.data}
              miw={220}
              {...form.getInputProps('member')}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" h={44} loading={create.isPending}>
              {t('aliasForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
