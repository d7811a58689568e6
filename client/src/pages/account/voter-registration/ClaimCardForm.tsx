import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { claimInput } from '@shared/schemas/voter-roll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SessionUser, useAuth } from '../../../lib/auth';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';

const EMPTY = { voterCardNumber: '', dateOfBirth: '' };

/** Which contact the account is asked to confirm before a claim: the one it has, or either when it has both. */
function contactToConfirm(user: SessionUser | null): 'email' | 'phone' | 'either' {
  if (!user?.phone) return 'email';
  if (!user.email) return 'phone';
  return 'either';
}

const NEEDS_CONTACT = {
  email: 'roll.claimNeedsEmail',
  phone: 'roll.claimNeedsPhone',
  either: 'roll.claimNeedsContact',
} as const;

/**
 * For citizens already on the commission's roll (the imported CSV): the card number and date of birth link the
 * entry to this account. The server answers a wrong card and a wrong date with one sentence, and needs a
 * verified contact first: a confirmed e-mail address or a confirmed phone number.
 */
export function ClaimCardForm() {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The server refuses a claim from an account without a confirmed contact; say so before the citizen types.
  const { user } = useAuth();
  const confirmed = (user?.emailVerified ?? false) || (user?.phoneConfirmed ?? false);
  const form = useForm({ initialValues: EMPTY, validate: zodValidate(claimInput) });
  const claim = useMutation(
    trpc.enrollment.claim.mutationOptions({
      onSuccess: async ({ status }) => {
        form.setValues(EMPTY);
        notifySuccess(
          t('roll.claimed'),
          t(status === 'pending' ? 'roll.claimedForReview' : 'roll.claimedBody'),
        );
        await queryClient.invalidateQueries({ queryKey: trpc.enrollment.status.queryKey() });
      },
    }),
  );

  return (
    <form
      onSubmit={form.onSubmit((values) => claim.mutate(values))}
      noValidate
      aria-label={t('roll.claimForm')}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4">
            {t('roll.claimTitle')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('roll.claimLead')}
          </Text>
        </div>
        {!confirmed && (
          <Alert color="yellow" data-testid="claim-needs-verified-contact">
            {t(NEEDS_CONTACT[contactToConfirm(user)])}
          </Alert>
        )}
        {claim.isError && (
          <Alert color="red" role="alert" title={t('roll.claimFailed')}>
            {failureReason(claim.error)}
          </Alert>
        )}
        <TextInput
          label={t('roll.cardNumber')}
          description={t('roll.cardNumberHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          maw={420}
          disabled={claim.isPending}
          {...form.getInputProps('voterCardNumber')}
        />
        <TextInput
          type="date"
          label={t('roll.dateOfBirth')}
          autoComplete="bday"
          maw={420}
          disabled={claim.isPending}
          {...form.getInputProps('dateOfBirth')}
        />
        <div>
          <Button type="submit" variant="light" loading={claim.isPending} disabled={!confirmed} size="md">
            {t('roll.claimSubmit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
