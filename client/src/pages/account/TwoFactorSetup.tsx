import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { totpCode } from '../../../../shared/schemas/account';
import { failureReason } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

const codeForm = z.object({ code: totpCode });

/** Enrolment: a fresh key as a QR code (and as text), then one code from the app to prove it works. */
export function TwoFactorSetup({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(codeForm) });
  const begin = useMutation(trpc.auth.twoFactor.begin.mutationOptions());
  const confirm = useMutation(
    trpc.auth.twoFactor.confirm.mutationOptions({
      onSuccess: async ({ recoveryCodes }) => {
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
        <Text>
          Protect your admin account with a second step at sign-in: a 6-digit code from an authenticator app
          on your phone (for example Google Authenticator, Microsoft Authenticator, Aegis or FreeOTP).
        </Text>
        {begin.isError && (
          <Alert color="red" role="alert" w="100%">
            {failureReason(begin.error)}
          </Alert>
        )}
        <Button onClick={() => begin.mutate()} loading={begin.isPending} size="md">
          Set up an authenticator app
        </Button>
      </Stack>
    );
  }

  const setup = begin.data;
  return (
    <form
      onSubmit={form.onSubmit(({ code }) => confirm.mutate({ code }))}
      noValidate
      aria-label="Set up two-factor sign-in"
    >
      <Stack>
        <List type="ordered" spacing="xs">
          <List.Item>Open your authenticator app and add an account.</List.Item>
          <List.Item>Scan this QR code, or type the key below it.</List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <Image
          src={setup.qrCode}
          alt="QR code for your authenticator app; the same key is written below as text"
          w={200}
          h={200}
          bg="white"
          radius="sm"
        />
        <div>
          <Text size="sm" fw={600}>
            Key
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
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          disabled={confirm.isPending}
          {...form.getInputProps('code')}
        />
        <Group wrap="wrap">
          <Button type="submit" loading={confirm.isPending} size="md">
            Turn on two-factor sign-in
          </Button>
          <Button variant="default" onClick={() => begin.reset()} disabled={confirm.isPending} size="md">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
