import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MEMBER_TYPE_LABELS, MEMBER_TYPES, type MemberType } from '../../../../../shared/member-photos';
import { nameAliasInput, photoMessages } from '../../../../../shared/schemas/photos';
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
        notifySuccess('Name alias added', 'The next photo job will use it.');
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.photos.aliases.list.queryKey() });
      },
      onError: (error) => notifyFailure('Failed to add name alias', error),
    }),
  );

  const data = MEMBER_TYPES.map((type) => ({
    group: MEMBER_TYPE_LABELS[type],
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
        aria-label="Add name alias"
        onSubmit={form.onSubmit((values) => {
          const [memberType, memberId] = (values.member ?? '').split(':') as [MemberType, string];
          create.mutate({ scrapedName: values.scrapedName, memberType, memberId });
        })}
      >
        <Stack>
          <Title order={2} fz="h4">
            Add name alias
          </Title>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label="Name on the source"
              description="As the parliament's listing spells it"
              placeholder="e.g. Cabdi Xasan Faarax"
              disabled={create.isPending}
              miw={220}
              {...form.getInputProps('scrapedName')}
            />
            <Select
              label="Member"
              description="The member this name belongs to"
              placeholder={choices.isPending ? 'Loading members…' : 'Search by name or seat'}
              data={data}
              searchable
              limit={50}
              nothingFoundMessage="No member matches"
              disabled={create.isPending || !choices.data}
              miw={220}
              {...form.getInputProps('member')}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" h={44} loading={create.isPending}>
              Add alias
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
