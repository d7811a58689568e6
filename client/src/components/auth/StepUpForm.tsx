import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { stepUpInput } from '@shared/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Whether this session is stepped up, until when, and whether a code is asked (auth.stepUpStatus). */
export function useStepUpStatus() {
  const trpc = useTRPC();
  // Refetched each minute: a step-up lapses after 15 minutes whether or not the page does anything.
  return useQuery(trpc.auth.stepUpStatus.queryOptions(undefined, { refetchInterval: 60_000 }));
}

/** After a step-up every query that was refused for the lack of one may now answer. */
export function useStepUpRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/**
 * "Confirm your password": the signed-in account's password, and the authenticator (or a recovery) code when
 * two-factor sign-in is on. Calls auth.stepUp; `onConfirmed` runs once this session is stepped up.
 */
export function StepUpForm({ onConfirmed, onCancel }: { onConfirmed(): void; onCancel?(): void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const refresh = useStepUpRefresh();
  const twoFactorRequired = useStepUpStatus().data?.twoFactorRequired ?? false;
  const [passwordVisible, setPasswordVisible] = useState(false);
  const form = useForm({ initialValues: { password: '', code: '' } });
  const stepUp = useMutation(
    trpc.auth.stepUp.mutationOptions({
      onSuccess: async () => {
        form.reset();
        onConfirmed();
        await refresh();
      },
      onError: () => {
        form.setFieldValue('password', '');
        form.setFieldValue('code', '');
      },
    }),
  );
  const busy = stepUp.isPending;

  const submit = form.onSubmit(({ password, code }) => {
    const values = twoFactorRequired ? { password, code } : { password };
    const errors = zodValidate(stepUpInput)(values);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) stepUp.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('stepUp.title')}>
      <Stack>
        <Text size="sm">{twoFactorRequired ? t('stepUp.introWithCode') : t('stepUp.intro')}</Text>
        {stepUp.isError && (
          <Alert color="red" role="alert">
            {failureReason(stepUp.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('stepUp.password')}
          autoComplete="current-password"
          data-autofocus
          disabled={busy}
          visible={passwordVisible}
          onVisibilityChange={setPasswordVisible}
          visibilityToggleButtonProps={{
            'aria-label': passwordVisible ? t('stepUp.hidePassword') : t('stepUp.showPassword'),
          }}
          {...form.getInputProps('password')}
        />
        {twoFactorRequired && (
          <TextInput
            label={t('stepUp.code')}
            description={t('stepUp.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            disabled={busy}
            {...form.getInputProps('code')}
          />
        )}
        <Group justify="flex-end" wrap="wrap">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy} mih={44}>
              {t('stepUp.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy} mih={44}>
            {t('stepUp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
