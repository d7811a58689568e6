import { Button, ColorInput, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_CANDIDATE_COLOR } from '@shared/polls';
import { pollCandidateInput } from '@shared/schemas/polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';

const EMPTY = { name: '', photoUrl: '', party: '', partySo: '', colorHex: DEFAULT_CANDIDATE_COLOR };

/** docs/product.md#poll-lifecycle: a name is required; photo URL and party optional; colour #3B82F6 unless chosen. */
export function AddCandidateForm({ pollId }: { pollId: string }) {
  const { t } = useTranslation('adminPolls');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: EMPTY,
    validate: (values) => zodValidate<unknown>(pollCandidateInput)({ ...values, pollId }),
  });
  const add = useMutation(
    trpc.polls.addCandidate.mutationOptions({
      onSuccess: async (candidate) => {
        notifySuccess(t('candidate.added'), t('candidate.addedBody', { name: candidate.name }));
        form.reset();
        await queryClient.invalidateQueries(trpc.polls.pathFilter());
      },
      onError: (error) => notifyFailure(t('candidate.failed'), error),
    }),
  );
  const busy = add.isPending;

  return (
    <form
      onSubmit={form.onSubmit((values) => add.mutate(pollCandidateInput.parse({ ...values, pollId })))}
      noValidate
      aria-label={t('candidate.heading')}
    >
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('candidate.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('candidate.name')} required disabled={busy} {...form.getInputProps('name')} />
          <TextInput label={t('candidate.party')} disabled={busy} {...form.getInputProps('party')} />
          <TextInput
            label={t('candidate.partySo')}
            lang="so"
            disabled={busy}
            {...form.getInputProps('partySo')}
          />
          <TextInput
            label={t('candidate.photoUrl')}
            description={t('candidate.photoUrlHint')}
            type="url"
            disabled={busy}
            {...form.getInputProps('photoUrl')}
          />
          <ColorInput
            label={t('candidate.colour')}
            format="hex"
            disabled={busy}
            {...form.getInputProps('colorHex')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} mih={44}>
            {t('candidate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
