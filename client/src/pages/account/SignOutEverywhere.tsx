import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOutEverywhere } from '../../lib/data';
import { failureReason, notifySuccess } from '../../lib/notify';

/**
 * "Sign out everywhere": ends every session of the account, this device's too (the button says so), so a copied
 * cookie stops working wherever it is; the reader then lands on the home page, signed out.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const everywhere = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      notifySuccess(t('everywhere.doneTitle'), t('everywhere.doneBody'));
      navigate('/');
    },
  });

  return (
    <Stack align="flex-start" component="section" aria-label={t('everywhere.title')}>
      <div>
        <Title order={2} fz="h3">
          {t('everywhere.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('everywhere.lead')}
        </Text>
      </div>
      {everywhere.isError && (
        <Alert color="red" role="alert" title={t('everywhere.failed')} w="100%">
          {failureReason(everywhere.error)}
        </Alert>
      )}
      <Button
        color="red"
        variant="light"
        onClick={() => everywhere.mutate()}
        loading={everywhere.isPending}
        mih={44}
        h="auto"
        maw="100%"
        styles={{ label: { whiteSpace: 'normal' } }}
      >
        {t('everywhere.submit')}
      </Button>
    </Stack>
  );
}
