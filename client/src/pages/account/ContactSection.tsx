import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requestPhoneCodeInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeForm } from '../../components/auth/PhoneCodeForm';
import { PhoneNumberInput } from '../../components/auth/PhoneNumberInput';
import type { SessionUser } from '../../lib/auth';
import { failureReason, notifySuccess } from '../../lib/notify';
import { formatPhoneNumber } from '../../lib/phone';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Adding or changing a number: its box, then the code it received; a number waiting for its code: the code. */
type Step = { kind: 'view' } | { kind: 'number' } | { kind: 'code'; phone: string; shown: string };

/**
 * The account's e-mail address and phone number, each confirmed or not, and whether the account has a verified
 * contact (either one confirmed), which polls for verified contacts and voter card claims ask for. A number is
 * added or changed with the code it receives: it becomes the account's only then.
 */
export function ContactSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const verified = user.emailVerified || user.phoneConfirmed;
  const done = (phone: string) => {
    notifySuccess(
      t('contact.phoneConfirmed'),
      t('contact.phoneConfirmedBody', { phone: formatPhoneNumber(phone) }),
    );
    setStep({ kind: 'view' });
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="contact-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="h3" id="contact-heading">
          {t('contact.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('contact.lead')}
        </Text>
        <div>
          <ContactLine
            label={t('contact.email')}
            value={user.email}
            confirmed={user.emailVerified}
            testId="contact-email"
          />
          <ContactLine
            label={t('contact.phone')}
            value={user.phone ? formatPhoneNumber(user.phone) : null}
            confirmed={user.phoneConfirmed}
            testId="contact-phone"
          />
        </div>
        <Alert color={verified ? 'green' : 'yellow'} data-testid="verified-contact">
          {verified ? t('contact.verified') : t('contact.notVerified')}
        </Alert>
        {step.kind === 'view' && (
          <Group gap="sm">
            {user.phone && !user.phoneConfirmed && (
              <Button
                mih={44}
                onClick={() =>
                  setStep({
                    kind: 'code',
                    phone: user.phone ?? '',
                    shown: formatPhoneNumber(user.phone ?? ''),
                  })
                }
              >
                {t('contact.enterCode')}
              </Button>
            )}
            <Button variant="light" mih={44} onClick={() => setStep({ kind: 'number' })}>
              {user.phone ? t('contact.changePhone') : t('contact.addPhone')}
            </Button>
          </Group>
        )}
        {step.kind === 'number' && (
          <NewNumberForm
            onSent={(phone) => setStep({ kind: 'code', phone, shown: phone })}
            onAlreadyConfirmed={done}
            onCancel={() => setStep({ kind: 'view' })}
          />
        )}
        {step.kind === 'code' && (
          <PhoneCodeForm
            phone={step.phone}
            shownPhone={step.shown}
            lead={
              step.phone === user.phone && !user.phoneConfirmed
                ? t('contact.unconfirmedLead', { phone: step.shown })
                : undefined
            }
            onConfirmed={done}
            onLater={() => setStep({ kind: 'view' })}
            laterLabel={t('contact.cancel')}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ContactLine({
  label,
  value,
  confirmed,
  testId,
}: {
  label: string;
  value: string | null;
  confirmed: boolean;
  testId: string;
}) {
  const { t } = useTranslation('account');
  return (
    <Group justify="space-between" gap="xs" py={6} wrap="wrap" data-testid={testId}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {value ?? t('contact.none')}
        </Text>
      </div>
      {value && (
        <Badge color={confirmed ? 'green' : 'yellow'} variant="light">
          {confirmed ? t('contact.confirmed') : t('contact.notConfirmed')}
        </Badge>
      )}
    </Group>
  );
}

/** The number to add or change to; the server sends its code (auth.requestPhoneCode). */
function NewNumberForm({
  onSent,
  onAlreadyConfirmed,
  onCancel,
}: {
  onSent(phone: string): void;
  onAlreadyConfirmed(phone: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const form = useForm({ initialValues: { phone: '' }, validate: zodValidate(requestPhoneCodeInput) });
  const request = useMutation(trpc.auth.requestPhoneCode.mutationOptions());
  const busy = request.isPending;

  return (
    <form
      onSubmit={form.onSubmit(({ phone }) =>
        request.mutate(
          { phone },
          { onSuccess: (result) => (result.alreadyConfirmed ? onAlreadyConfirmed(phone) : onSent(phone)) },
        ),
      )}
      noValidate
      aria-label={t('contact.numberForm')}
    >
      <Stack gap="sm">
        {request.isError && (
          <Alert color="red" variant="filled" role="alert" title={t('contact.notSent')}>
            {failureReason(request.error)}
          </Alert>
        )}
        <PhoneNumberInput
          label={t('contact.newPhone')}
          required
          disabled={busy}
          maw={420}
          {...form.getInputProps('phone')}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} mih={44}>
            {t('contact.sendCode')}
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={busy} mih={44}>
            {t('contact.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
