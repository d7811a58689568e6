import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { enrollInput } from '@shared/schemas/voter-roll';
import { canonicalVoterCardNumber } from '@shared/voter-roll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import type { CodeHolder } from './CodeStep';

/** The form checks the fields the registrar types; the code and center come from the steps before. */
const fields = enrollInput.pick({ voterCardNumber: true, districtId: true, fullName: true });

interface District {
  id: string;
  name: string;
}

/**
 * Step 2, after the identity document matched: the voter card number, the district (of the center's region)
 * and, if it differs from the account's, the name as written on the card. The entry is then pending review.
 */
export function EnrollForm({
  holder,
  centerId,
  districts,
  onEnrolled,
  onCancel,
}: {
  holder: CodeHolder;
  centerId: string;
  districts: District[];
  onEnrolled(result: { fullName: string; voterCardNumber: string }): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('staff');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { voterCardNumber: '', districtId: '', fullName: '' },
    validate: (values) => {
      const errors = zodValidate(fields)(values);
      // An empty choice reads better as "choose" than as the schema's invalid-id sentence.
      if (!values.districtId) errors.districtId = t('enroll.districtRequired');
      return errors;
    },
  });
  const enroll = useMutation(
    trpc.registrar.enroll.mutationOptions({
      onSuccess: async (_result, input) => {
        onEnrolled({
          fullName: input.fullName || holder.fullName,
          voterCardNumber: canonicalVoterCardNumber(input.voterCardNumber),
        });
        await queryClient.invalidateQueries({ queryKey: trpc.registrar.mine.queryKey() });
      },
    }),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form
        onSubmit={form.onSubmit((values) =>
          enroll.mutate({
            code: holder.code,
            centerId,
            voterCardNumber: values.voterCardNumber,
            districtId: values.districtId,
            fullName: values.fullName.trim() === '' ? undefined : values.fullName,
          }),
        )}
        noValidate
        aria-label={t('enroll.entryForm')}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('enroll.entryTitle')}
          </Title>
          <Alert color="blue" role="status" data-testid="code-holder">
            <Text>
              <Trans
                t={t}
                i18nKey="enroll.holder"
                values={{ name: holder.fullName, email: holder.email }}
                components={{ 1: <strong /> }}
              />
            </Text>
            <Text size="sm" mt={4}>
              {t('enroll.compare')}
            </Text>
          </Alert>
          {enroll.isError && (
            <Alert color="red" role="alert" title={t('enroll.notRecorded')}>
              {failureReason(enroll.error)}
            </Alert>
          )}
          <TextInput
            label={t('enroll.cardNumber')}
            description={t('enroll.cardNumberHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            maw={420}
            disabled={enroll.isPending}
            {...form.getInputProps('voterCardNumber')}
          />
          <Select
            label={t('enroll.district')}
            placeholder={t('enroll.districtPlaceholder')}
            data={districts.map((district) => ({ value: district.id, label: district.name }))}
            searchable
            nothingFoundMessage={t('enroll.noDistrict')}
            maw={420}
            disabled={enroll.isPending}
            {...form.getInputProps('districtId')}
          />
          <TextInput
            label={t('enroll.fullName')}
            description={t('enroll.fullNameHint')}
            autoComplete="off"
            maxLength={100}
            maw={420}
            disabled={enroll.isPending}
            {...form.getInputProps('fullName')}
          />
          <Group gap="xs" wrap="wrap">
            <Button type="submit" loading={enroll.isPending} h={44}>
              {t('enroll.submit')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={enroll.isPending} h={44}>
              {t('enroll.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
