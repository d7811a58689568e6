import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { defaultPollTitleText } from '@shared/bilingual';
import { monthKey } from '@shared/months';
import { defaultPollTitle } from '@shared/poll-rules';
import { POLL_ELECTION_TYPES, type PollElectionType } from '@shared/polls';
import { DEFAULT_POLL_ELIGIBILITY, type EligibilityRule } from '@shared/voter-roll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EligibilityFields } from '../../../components/admin/EligibilityFields';
import { useContentText } from '../../../components/content/ContentText';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { appErrorCode, serverMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { pollErrorCode } from '../../polls/poll-format';

/**
 * The admin dialog (docs/product.md#poll-forms): no client checks; the title defaults to '{Type} Poll {month_year}'
 * and the month to the current one; the server fills in the rest and answers any mistake.
 */
export function CreatePollDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const { t } = useTranslation(['adminPolls', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const contentText = useContentText();
  const form = useForm({
    initialValues: {
      title: '',
      titleSo: '',
      monthYear: monthKey(new Date()),
      electionType: 'presidential' as PollElectionType,
      eligibility: DEFAULT_POLL_ELIGIBILITY as EligibilityRule,
    },
  });
  const values = form.getValues();

  const create = useMutation(
    trpc.polls.create.mutationOptions({
      onSuccess: async (poll) => {
        notifySuccess(t('create.created'), t('create.createdBody', { title: contentText(poll.titleText) }));
        await queryClient.invalidateQueries(trpc.polls.pathFilter());
        onCreated(poll.id);
      },
      onError: (error) => {
        // The month already has a poll of this type: the sentence, naming that poll, goes under the month too.
        if (appErrorCode(error) === 'poll.monthTaken') {
          form.setFieldError('monthYear', serverMessage(error));
        }
        if (pollErrorCode(error) === 'UNAUTHORIZED') {
          notifications.show({
            color: 'red',
            title: t('create.authRequired'),
            message: t('create.signInToCreate'),
          });
        } else notifyFailure(t('create.failed'), error);
      },
    }),
  );
  const busy = create.isPending;

  return (
    <ResponsiveModal opened onClose={onClose} title={t('create.title')}>
      <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate aria-label={t('create.title')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('create.intro')}
          </Text>
          <TextInput
            label={t('create.titleLabel')}
            description={t('create.optional')}
            placeholder={defaultPollTitle(values.electionType, values.monthYear || monthKey(new Date()))}
            disabled={busy}
            {...form.getInputProps('title')}
          />
          <TextInput
            label={t('create.titleSoLabel')}
            description={t('create.optional')}
            placeholder={
              defaultPollTitleText(values.electionType, values.monthYear || monthKey(new Date())).so ??
              undefined
            }
            lang="so"
            disabled={busy}
            {...form.getInputProps('titleSo')}
          />
          <TextInput
            label={t('create.month')}
            type="month"
            disabled={busy}
            {...form.getInputProps('monthYear')}
          />
          <NativeSelect
            label={t('create.electionType')}
            data={POLL_ELECTION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            disabled={busy}
            {...form.getInputProps('electionType')}
          />
          <EligibilityFields
            rule={values.eligibility}
            onRuleChange={(rule) => form.setFieldValue('eligibility', rule)}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy} mih={44}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} mih={44}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
