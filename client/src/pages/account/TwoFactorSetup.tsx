import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { totpCode } from '@shared/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { failureReason } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

const codeForm = z.object({ code: totpCode });

/**
 * Enrolment: the password (a stolen session alone cannot enrol its own authenticator), a fresh key as
 * a QR code (and as text), then one code from the app to prove it works. The password is sent with both steps.
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(codeForm) });
  const [password, setPassword] = useState('');
  const begin = useMutation(trpc.auth.twoFactor.begin.mutationOptions());
  const confirm = useMutation(
    trpc.auth.twoFactor.confirm.mutationOptions({
      onSuccess: async ({ recoveryCodes }) => {
        setPassword('');
        onEnabled(recoveryCodes);
        await queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactor.status.queryKey() });
        await queryClient.invalidateQueries(trpc.admin.dashboard.status.queryFilter());
      },
      onError: () => form.setFieldValue('code', ''),
    }),
  );

  if (!begin.data) {
    return (
      <Stack align="flex-start">
        <Text>{t('setup.intro')}</Text>
        {begin.isError && (
          <Alert color="red" role="alert" w="100%">
            {failureReason(begin.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('setup.password')}
          description={t('setup.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          disabled={begin.isPending}
          w="100%"
          maw={420}
        />
        <Button onClick={() => begin.mutate({ password })} loading={begin.isPending} size="md">
          {t('setup.start')}
        </Button>
      </Stack>
    );
  }

  const setup = begin.data;
  return (
    <form
      onSubmit={form.onSubmit(({ code }) => confirm.mutate({ password, code }))}
      noValidate
      aria-label={t('setup.form')}
    >
      <Stack>
        <List type="ordered" spacing="xs">
          <List.Item>{t('setup.step1')}</List.Item>
          <List.Item>{t('setup.step2')}</List.Item>
          <List.Item>{t('setup.step3')}</List.Item>
        </List>
        <Image src={setup.qrCode} alt={t('setup.qrAlt')} w={200} h={200} bg="white" radius="sm" />
        <div>
          <Text size="sm" fw={600}>
            {t('setup.key')}
          </Text>
          <Code
            block
            fz="md"
            data-testid="totp-key"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
          >
            {setup.manualKey}
          </Code>
        </div>
        {confirm.isError && (
          <Alert color="red" role="alert">
            {failureReason(confirm.error)}
          </Alert>
        )}
        <TextInput
          label={t('setup.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          disabled={confirm.isPending}
          {...form.getInputProps('code')}
        />
        <Group wrap="wrap">
          <Button type="submit" loading={confirm.isPending} size="md">
            {t('setup.submit')}
          </Button>
          <Button variant="default" onClick={() => begin.reset()} disabled={confirm.isPending} size="md">
            {t('setup.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
