import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitationList, useRefreshInvitations } from './InvitationList';
import { InviteForm } from './InviteForm';

/**
 * The users page's Invitations: invite a Registrar or an Enrollment Supervisor by e-mail or phone (a second
 * System Admin confirms it on the Approvals page before anything is sent), the invitations waiting for that,
 * and every invitation with its state, with "send again" and "revoke" while it is pending.
 */
export function InvitationsSection() {
  const { t } = useTranslation('admin');
  const [inviting, setInviting] = useState(false);
  const refresh = useRefreshInvitations();

  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} id="invitations-title">
          {t('invitations.title')}
        </Title>
        <Button onClick={() => setInviting(true)} h={44}>
          {t('invitations.invite')}
        </Button>
      </Group>
      <Text c="dimmed">{t('invitations.intro')}</Text>
      <InvitationList />
      {inviting && <InviteForm onClose={() => setInviting(false)} onSent={refresh} />}
    </Stack>
  );
}
