import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InvitationRole } from '@shared/invitations';
import { acceptInvitationForm, invitationCodeForm } from '@shared/schemas/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from '../../lib/auth';
import { useLinkToken } from '../../lib/link-token';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { formatPhoneNumber } from '../../lib/phone';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { NewPasswordFields } from './NewPasswordFields';

/** What proves the invitation: the e-mailed link's token, or the number and the code its SMS carried. */
type Proof = { token: string } | { phone: string; code: string };

const ROLE_TEXTS = {
  Registrar: 'invitation.roleRegistrar',
  'Enrollment Supervisor': 'invitation.roleSupervisor',
} as const satisfies Record<InvitationRole, string>;

/**
 * /staff-invitation?token=…: opened from an invitation's e-mail; without a token, the number and the code from
 * its SMS. A person without an account chooses a password (the new account is signed in); one signed in with the
 * invited address or number accepts with a button. Then the staff console.
 */
export function StaffInvitationPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('invitation.title'), t('invitation.metaDescription'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user, loading } = useAuth();
  const token = useLinkToken('/staff-invitation');
  const [proof, setProof] = useState<Proof | null>(() => (token ? { token } : null));
  const accept = useMutation(
    trpc.auth.acceptInvitation.mutationOptions({
      // A new account is signed in now, or the signed-in one has a role: every query asks again.
      onSuccess: () => queryClient.invalidateQueries(),
    }),
  );

  let body: ReactNode;
  if (accept.isSuccess) {
    body = (
      <Stack>
        <Alert color="green" role="status" title={t('invitation.accepted')}>
          {t('invitation.acceptedBody', { role: t(ROLE_TEXTS[accept.data.role]) })}
        </Alert>
        <Button component={Link} to="/staff" size="md">
          {t('invitation.openConsole')}
        </Button>
      </Stack>
    );
  } else if (!proof) {
    body = <CodeForm onEntered={setProof} />;
  } else if (loading) {
    body = <PageLoader />;
  } else {
    const busy = accept.isPending;
    const failure = accept.isError && (
      <Alert color="red" variant="filled" role="alert">
        {failureReason(accept.error)}
      </Alert>
    );
    const otherCode = 'code' in proof && (
      <Button
        variant="default"
        fullWidth
        onClick={() => {
          accept.reset();
          setProof(null);
        }}
      >
        {t('invitation.otherCode')}
      </Button>
    );
    body = user ? (
      <Stack>
        {failure}
        <Text>
          {t('invitation.signedInAs', {
            who: user.email ?? formatPhoneNumber(user.phone ?? ''),
          })}
        </Text>
        <Button size="md" fullWidth loading={busy} onClick={() => accept.mutate(proof)}>
          {t('invitation.accept')}
        </Button>
        {otherCode}
      </Stack>
    ) : (
      <Stack>
        <NewAccountForm busy={busy} onSubmit={(newPassword) => accept.mutate({ ...proof, newPassword })}>
          {failure}
        </NewAccountForm>
        <Text size="sm">
          {t('invitation.haveAccount')}{' '}
          <Anchor component={Link} to="/auth">
            {t('invitation.signIn')}
          </Anchor>
        </Text>
        {otherCode}
      </Stack>
    );
  }

  return (
    <Container size={460} py="xl">
      <Title order={1} mb="xs">
        {t('invitation.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('invitation.lead')}
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {body}
      </Paper>
    </Container>
  );
}

/** The number and the SMS's code: checked with the password (or the signed-in account's acceptance), not alone. */
function CodeForm({ onEntered }: { onEntered(proof: Proof): void }) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: { phone: '', code: '' },
    validate: zodValidate(invitationCodeForm),
    validateInputOnBlur: true,
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => onEntered(values))}
      noValidate
      aria-label={t('invitation.codeForm')}
    >
      <Stack>
        <Text>{t('invitation.codeLead')}</Text>
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          required
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('phoneCode.code')}
          description={t('phoneCode.codeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          maxLength={11}
          required
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth size="md">
          {t('invitation.continue')}
        </Button>
      </Stack>
    </form>
  );
}

function NewAccountForm({
  busy,
  onSubmit,
  children,
}: {
  busy: boolean;
  onSubmit(newPassword: string): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodValidate(acceptInvitationForm),
    validateInputOnBlur: true,
  });
  return (
    <form
      onSubmit={form.onSubmit(({ newPassword }) => onSubmit(newPassword))}
      noValidate
      aria-label={t('invitation.create')}
    >
      <Stack>
        {children}
        <Text>{t('invitation.newAccount')}</Text>
        <NewPasswordFields
          newPassword={form.getInputProps('newPassword')}
          confirmPassword={form.getInputProps('confirmPassword')}
          disabled={busy}
        />
        <Button type="submit" loading={busy} fullWidth size="md">
          {busy ? t('invitation.busy') : t('invitation.create')}
        </Button>
      </Stack>
    </form>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default routeComponent(StaffInvitationPage);
