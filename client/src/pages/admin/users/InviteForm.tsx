import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INVITATION_ROLES, type InvitationRole } from '@shared/invitations';
import { createInvitationInput } from '@shared/schemas/invitations';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal';
import { isLanguage } from '../../../i18n/language';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { RegistrarCentersField } from './RegistrarCentersField';
import { ROLE_LABELS } from './RoleBadge';

type Way = 'email' | 'phone';

/**
 * Inviting a Registrar or an Enrollment Supervisor by e-mail or phone, in the language of the message; the
 * request waits for a second System Admin on the Approvals page before anything is sent.
 */
export function InviteForm({ onClose, onSent }: { onClose(): void; onSent(): Promise<unknown> }) {
  const { t, i18n } = useTranslation('admin');
  const trpc = useTRPC();
  const [way, setWay] = useState<Way>('email');
  const [centerIds, setCenterIds] = useState<string[]>([]);
  const form = useForm({
    initialValues: {
      contact: '',
      fullName: '',
      role: 'Registrar' as InvitationRole,
      language: isLanguage(i18n.language) ? i18n.language : 'en',
    },
    validate: (values) => {
      const errors = zodValidate<unknown>(createInvitationInput)(inputOf(values));
      // The contact is one field on the form, whichever way is chosen.
      const contactError = errors.email ?? errors.phone;
      return contactError ? { ...errors, contact: contactError } : errors;
    },
  });
  const inputOf = (values: typeof form.values) => ({
    ...(way === 'email' ? { email: values.contact } : { phone: values.contact }),
    fullName: values.fullName,
    role: values.role,
    centerIds: values.role === 'Registrar' ? centerIds : [],
    language: values.language,
  });
  const create = useMutation(
    trpc.admin.invitations.create.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('invitations.requested'));
        await onSent();
        onClose();
      },
    }),
  );
  const busy = create.isPending;
  return (
    <FormModal
      title={t('invitations.invite')}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => create.mutate(inputOf(values)))}
      busy={busy}
      submitLabel={t('invitations.send')}
    >
      <Text size="sm" c="dimmed">
        {t('invitations.twoAdmins')}
      </Text>
      {create.isError && (
        <Text role="alert" c="red" fw={500}>
          {failureReason(create.error)}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="invite-way">
          {t('invitations.way')}
        </Text>
        <SegmentedControl
          aria-labelledby="invite-way"
          value={way}
          onChange={(value) => setWay(value === 'phone' ? 'phone' : 'email')}
          data={[
            { value: 'email', label: t('invitations.byEmail') },
            { value: 'phone', label: t('invitations.byPhone') },
          ]}
          disabled={busy}
        />
      </Stack>
      <TextInput
        label={way === 'email' ? t('invitations.email') : t('invitations.phone')}
        type={way === 'email' ? 'email' : 'tel'}
        autoComplete="off"
        required
        disabled={busy}
        {...form.getInputProps('contact')}
      />
      <TextInput label={t('users.name')} required disabled={busy} {...form.getInputProps('fullName')} />
      <Select
        label={t('users.role')}
        data={INVITATION_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }))}
        allowDeselect={false}
        required
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('role')}
      />
      {form.values.role === 'Registrar' && (
        <RegistrarCentersField value={centerIds} onChange={setCenterIds} disabled={busy} />
      )}
      <Select
        label={t('invitations.language')}
        description={t('invitations.languageHint')}
        data={[
          { value: 'so', label: t('invitations.languages.so') },
          { value: 'en', label: t('invitations.languages.en') },
        ]}
        allowDeselect={false}
        required
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('language')}
      />
    </FormModal>
  );
}
