import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monthKey } from '../../../../../shared/months';
import { defaultPollTitle, POLL_TYPE_LABELS } from '../../../../../shared/poll-rules';
import { POLL_ELECTION_TYPES, type PollElectionType } from '../../../../../shared/polls';
import { pollMessages } from '../../../../../shared/schemas/polls';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { pollErrorCode } from '../../polls/poll-format';

const TYPE_OPTIONS = POLL_ELECTION_TYPES.map((type) => ({ value: type, label: POLL_TYPE_LABELS[type] }));

/**
 * SPEC §5's admin dialog: no client checks; the title defaults to '{Type} Poll {month_year}' and the month
 * to the current one; the server fills in the rest and answers any mistake.
 */
export function CreatePollDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      title: '',
      monthYear: monthKey(new Date()),
      electionType: 'presidential' as PollElectionType,
    },
  });
  const values = form.getValues();

  const create = useMutation(
    trpc.polls.create.mutationOptions({
      onSuccess: async (poll) => {
        notifySuccess('Poll created successfully', `${poll.title} was created as a draft.`);
        await queryClient.invalidateQueries(trpc.polls.pathFilter());
        onCreated(poll.id);
      },
      onError: (error) => {
        if (pollErrorCode(error) === 'UNAUTHORIZED') {
          notifications.show({
            color: 'red',
            title: pollMessages.authenticationRequired,
            message: pollMessages.signInToCreate,
          });
        } else notifyFailure('Failed to create poll', error);
      },
    }),
  );
  const busy = create.isPending;

  return (
    <ResponsiveModal opened onClose={onClose} title="Create Poll">
      <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate aria-label="Create Poll">
        <Stack>
          <Text size="sm" c="dimmed">
            {pollMessages.adminsOnly} A new poll starts as a draft: add its candidates, then publish it.
          </Text>
          <TextInput
            label="Title"
            description="Optional"
            placeholder={defaultPollTitle(values.electionType, values.monthYear || monthKey(new Date()))}
            disabled={busy}
            {...form.getInputProps('title')}
          />
          <TextInput label="Month" type="month" disabled={busy} {...form.getInputProps('monthYear')} />
          <NativeSelect
            label="Election type"
            data={TYPE_OPTIONS}
            disabled={busy}
            {...form.getInputProps('electionType')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy} mih={44}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} mih={44}>
              Create Poll
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
