import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { monthBounds, monthKey } from '../../../../shared/months';
import { dateToSomaliaLocal, somaliaLocalToDate } from '../../../../shared/poll-rules';
import { type PollFormValues, pollFormSchema, pollMessages } from '../../../../shared/schemas/polls';
import { useAuth } from '../../lib/auth';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { pollErrorCode } from './poll-format';

function windowOf(monthYear: string) {
  const { opensAt, closesAt } = monthBounds(monthYear);
  return { opensAt: dateToSomaliaLocal(opensAt), closesAt: dateToSomaliaLocal(closesAt) };
}

const authenticationRequired = () =>
  notifications.show({
    color: 'red',
    title: pollMessages.authenticationRequired,
    message: pollMessages.signInToCreate,
  });

/** The Create Poll tab (SPEC §5): title, month, opening and closing time required; a presidential draft. */
export function CreatePollForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const month = monthKey(new Date());
  const form = useForm<PollFormValues>({
    initialValues: { title: '', monthYear: month, ...windowOf(month) },
    validate: zodValidate(pollFormSchema),
  });

  const create = useMutation(
    trpc.polls.create.mutationOptions({
      onSuccess: async (poll) => {
        notifySuccess('Poll created successfully', 'Add its candidates, then publish it.');
        await queryClient.invalidateQueries(trpc.polls.pathFilter());
        await navigate(`/admin/polls/${poll.id}`);
      },
      onError: (error) => {
        if (pollErrorCode(error) === 'UNAUTHORIZED') authenticationRequired();
        else notifyFailure('Failed to create poll', error);
      },
    }),
  );
  const busy = create.isPending;

  const submit = form.onSubmit(
    (values) => {
      if (!user) {
        authenticationRequired();
        return;
      }
      create.mutate({
        title: values.title,
        monthYear: values.monthYear,
        electionType: 'presidential',
        opensAt: somaliaLocalToDate(values.opensAt) ?? undefined,
        closesAt: somaliaLocalToDate(values.closesAt) ?? undefined,
      });
    },
    (errors) => {
      if (Object.values(errors).includes(pollMessages.fillRequired)) {
        notifications.show({
          color: 'red',
          title: pollMessages.missingInformation,
          message: pollMessages.fillRequired,
        });
      }
    },
  );

  // A new month moves the window to that month's bounds, which is what an admin nearly always wants.
  const monthInput = form.getInputProps('monthYear');
  const changeMonth = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    form.setFieldValue('monthYear', value);
    if (/^\d{4}-\d{2}$/.test(value)) {
      const bounds = windowOf(value);
      form.setFieldValue('opensAt', bounds.opensAt);
      form.setFieldValue('closesAt', bounds.closesAt);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create Poll">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          A new presidential poll starts as a draft. Times are Somalia time (EAT).
        </Text>
        <TextInput label="Title" required disabled={busy} {...form.getInputProps('title')} />
        <TextInput
          label="Month"
          type="month"
          required
          disabled={busy}
          {...monthInput}
          onChange={changeMonth}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Opens at"
            type="datetime-local"
            step={1}
            required
            disabled={busy}
            {...form.getInputProps('opensAt')}
          />
          <TextInput
            label="Closes at"
            type="datetime-local"
            step={1}
            required
            disabled={busy}
            {...form.getInputProps('closesAt')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} mih={44}>
            Create Poll
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
