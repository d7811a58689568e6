import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { monthBounds, monthKey } from '@shared/months';
import { dateToSomaliaLocal, somaliaLocalToDate } from '@shared/poll-rules';
import { type PollFormValues, pollFormSchema, pollMessages } from '@shared/schemas/polls';
import { DEFAULT_POLL_ELIGIBILITY, type EligibilityRule } from '@shared/voter-roll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EligibilityFields } from '../../components/admin/EligibilityFields';
import { messageText } from '../../i18n/error-texts';
import { useAuth } from '../../lib/auth';
import { appErrorCode, serverMessage } from '../../lib/errors';
import { notifyError, notifyFailure, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { pollErrorCode } from './poll-format';

function windowOf(monthYear: string) {
  const { opensAt, closesAt } = monthBounds(monthYear);
  return { opensAt: dateToSomaliaLocal(opensAt), closesAt: dateToSomaliaLocal(closesAt) };
}

/**
 * The Create Poll tab (docs/product.md#poll-forms): title, month, opening and closing time required; a presidential
 * draft.
 */
export function CreatePollForm() {
  const { t } = useTranslation('polls');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const month = monthKey(new Date());
  // Who can vote: kept beside the form's other values (docs/product.md#eligibility), which its schema checks field by
  // field.
  const [eligibility, setEligibility] = useState<EligibilityRule>(DEFAULT_POLL_ELIGIBILITY);
  const form = useForm<PollFormValues>({
    initialValues: { title: '', titleSo: '', monthYear: month, ...windowOf(month) },
    validate: zodValidate(pollFormSchema),
  });

  const authenticationRequired = () =>
    notifyError(messageText(pollMessages.authenticationRequired), messageText(pollMessages.signInToCreate));

  const create = useMutation(
    trpc.polls.create.mutationOptions({
      onSuccess: async (poll) => {
        notifySuccess(t('create.createdTitle'), t('create.createdBody'));
        await queryClient.invalidateQueries(trpc.polls.pathFilter());
        await navigate(`/admin/polls/${poll.id}`);
      },
      onError: (error) => {
        // The month already has a presidential poll: the sentence, naming that poll, goes under the month too.
        if (appErrorCode(error) === 'poll.monthTaken') {
          form.setFieldError('monthYear', serverMessage(error));
        }
        if (pollErrorCode(error) === 'UNAUTHORIZED') authenticationRequired();
        else notifyFailure(t('create.failed'), error);
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
        titleSo: values.titleSo,
        monthYear: values.monthYear,
        electionType: 'presidential',
        opensAt: somaliaLocalToDate(values.opensAt) ?? undefined,
        closesAt: somaliaLocalToDate(values.closesAt) ?? undefined,
        eligibility,
      });
    },
    (errors) => {
      // A missing field carries the schema's message (in the reader's language): the form's toast then
      // (docs/product.md#poll-forms).
      const fillRequired = messageText(pollMessages.fillRequired);
      if (Object.values(errors).includes(fillRequired)) {
        notifyError(messageText(pollMessages.missingInformation), fillRequired);
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
    <form onSubmit={submit} noValidate aria-label={t('create.form')}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('create.intro')}
        </Text>
        <TextInput
          label={t('create.title')}
          description={t('create.languageHint')}
          disabled={busy}
          {...form.getInputProps('title')}
        />
        <TextInput label={t('create.titleSo')} lang="so" disabled={busy} {...form.getInputProps('titleSo')} />
        <TextInput
          label={t('create.month')}
          type="month"
          required
          disabled={busy}
          {...monthInput}
          onChange={changeMonth}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('create.opensAt')}
            type="datetime-local"
            step={1}
            required
            disabled={busy}
            {...form.getInputProps('opensAt')}
          />
          <TextInput
            label={t('create.closesAt')}
            type="datetime-local"
            step={1}
            required
            disabled={busy}
            {...form.getInputProps('closesAt')}
          />
        </SimpleGrid>
        <EligibilityFields rule={eligibility} onRuleChange={setEligibility} disabled={busy} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} mih={44}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
