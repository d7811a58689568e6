import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ELECTION_STATUSES, ELECTION_TYPES, type ElectionType } from '../../../../../shared/elections';
import { createElectionInput, updateElectionInput } from '../../../../../shared/schemas/admin-elections';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { BallotFields } from './BallotFields';
import {
  type AdminElection,
  editElectionValues,
  newElectionValues,
  positionsForType,
  toCreateInput,
  toUpdateInput,
  validateElection,
} from './election-form';

const EAT_HINT = 'East Africa Time (EAT)';

interface ElectionFormModalProps {
  /** null creates a new election with its candidates. */
  election: AdminElection | null;
  onClose(): void;
  onSaved(): Promise<unknown>;
}

/** SPEC §5's election form: title, times and status required; on create, at least one named candidate. */
export function ElectionFormModal({ election, onClose, onSaved }: ElectionFormModalProps) {
  const trpc = useTRPC();
  const editingId = election?.id ?? null;
  const form = useForm({
    initialValues: election ? editElectionValues(election) : newElectionValues(),
    validate: (values) => validateElection(values, editingId),
  });

  const done = async (message: string) => {
    notifySuccess('Success', message);
    await onSaved();
    onClose();
  };
  const create = useMutation(
    trpc.admin.elections.create.mutationOptions({
      onSuccess: () => done('Election created successfully'),
      onError: (error) => notifyFailure('Failed to create election', error),
    }),
  );
  const update = useMutation(
    trpc.admin.elections.update.mutationOptions({
      onSuccess: () => done('Election updated successfully'),
      onError: (error) => notifyFailure('Failed to update election', error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (editingId) update.mutate(updateElectionInput.parse(toUpdateInput(editingId, values)));
    else create.mutate(createElectionInput.parse(toCreateInput(values)));
  });

  const changeType = (value: string | null) => {
    const type = (value ?? 'Presidential') as ElectionType;
    form.setFieldValue('electionType', type);
    form.setFieldValue('candidates', positionsForType(form.values.candidates, type));
  };

  const title = election ? 'Edit Election' : 'Create Election';
  return (
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput label="Title" required disabled={busy} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            disabled={busy}
            {...form.getInputProps('description')}
          />
          {!election && (
            <Select
              label="Election type"
              description="Lower House candidates take a HOP number as their position"
              data={[...ELECTION_TYPES]}
              allowDeselect={false}
              disabled={busy}
              {...form.getInputProps('electionType')}
              onChange={changeType}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label="Start time"
              description={EAT_HINT}
              required
              disabled={busy}
              {...form.getInputProps('startTime')}
            />
            <TextInput
              type="datetime-local"
              label="End time"
              description={EAT_HINT}
              required
              disabled={busy}
              {...form.getInputProps('endTime')}
            />
          </SimpleGrid>
          <Select
            label="Status"
            data={[...ELECTION_STATUSES]}
            allowDeselect={false}
            disabled={busy}
            {...form.getInputProps('status')}
          />
          <Switch
            label="Results visible"
            description="Voters may see the results"
            disabled={busy}
            {...form.getInputProps('resultsVisible', { type: 'checkbox' })}
          />
          <Switch
            label="Hide results until close"
            description="While the election runs, nobody but admins sees results; they open when it ends"
            disabled={busy}
            {...form.getInputProps('hideResultsUntilClose', { type: 'checkbox' })}
          />
          {!election && <BallotFields form={form} disabled={busy} />}
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" h={44} loading={busy}>
              {election ? 'Save Changes' : 'Create Election'}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
