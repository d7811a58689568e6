import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { candidateInput, candidateUpdateInput } from '../../../../../shared/schemas/admin';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

export type Candidate = RouterOutputs['admin']['candidates']['list'][number];

const CHOOSE_ELECTION = 'Choose an election';

/** Create (candidate null: choose the election) or edit a candidate. SPEC §5: only the name is required. */
export function CandidateForm({ candidate, onClose }: { candidate: Candidate | null; onClose(): void }) {
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const elections = useQuery({
    ...trpc.admin.candidates.electionChoices.queryOptions(),
    enabled: !candidate,
  });
  useLoadFailure(elections.error, 'Failed to load elections');
  const form = useForm({
    initialValues: {
      electionId: candidate?.electionId ?? (null as string | null),
      name: candidate?.name ?? '',
      party: candidate?.party ?? '',
      positionSought: candidate?.positionSought ?? '',
      bio: candidate?.bio ?? '',
      imageUrl: candidate?.imageUrl ?? '',
      imageAlt: candidate?.imageAlt ?? '',
    },
    validate: ({ electionId, ...fields }) => {
      if (candidate) return zodValidate<unknown>(candidateUpdateInput)({ id: candidate.id, ...fields });
      const errors = zodValidate<unknown>(candidateInput)({ electionId: electionId ?? '', ...fields });
      if (errors.electionId) errors.electionId = CHOOSE_ELECTION;
      return errors;
    },
  });

  const done = async (message: string) => {
    notifySuccess('Success', message);
    await refreshAdmin();
    onClose();
  };
  const create = useMutation(
    trpc.admin.candidates.create.mutationOptions({
      onSuccess: () => done('Candidate created successfully'),
      onError: (error) => failureToast('Failed to create candidate', error),
    }),
  );
  const update = useMutation(
    trpc.admin.candidates.update.mutationOptions({
      onSuccess: () => done('Candidate updated successfully'),
      onError: (error) => failureToast('Failed to update candidate', error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(({ electionId, ...fields }) => {
    if (candidate) update.mutate(candidateUpdateInput.parse({ id: candidate.id, ...fields }));
    else create.mutate(candidateInput.parse({ electionId, ...fields }));
  });

  const title = candidate ? 'Edit Candidate' : 'Add Candidate';
  return (
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          {candidate ? (
            <TextInput label="Election" value={candidate.electionTitle} readOnly disabled />
          ) : (
            <Select
              label="Election"
              placeholder={elections.isPending ? 'Loading elections…' : CHOOSE_ELECTION}
              data={(elections.data ?? []).map((e) => ({ value: e.id, label: `${e.title} (${e.status})` }))}
              searchable
              required
              nothingFoundMessage="No election matches"
              disabled={busy}
              {...form.getInputProps('electionId')}
            />
          )}
          <TextInput label="Name" required disabled={busy} {...form.getInputProps('name')} />
          <TextInput label="Party" disabled={busy} {...form.getInputProps('party')} />
          <TextInput label="Position sought" disabled={busy} {...form.getInputProps('positionSought')} />
          <Textarea
            label="Bio"
            autosize
            minRows={3}
            maxRows={8}
            disabled={busy}
            {...form.getInputProps('bio')}
          />
          <TextInput
            label="Image URL"
            description="A web address (https://…) or a path on this site (/uploads/…)"
            type="url"
            disabled={busy}
            {...form.getInputProps('imageUrl')}
          />
          <TextInput
            label="Image description"
            description="Read aloud by screen readers"
            disabled={busy}
            {...form.getInputProps('imageAlt')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {candidate ? 'Save Changes' : 'Add Candidate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
