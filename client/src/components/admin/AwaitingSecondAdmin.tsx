import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What an admin sees after asking for an act that a second System Admin must confirm (opening an election,
 * publishing its results or a poll): what was asked, that nothing changed yet, and the way to the queue.
 */
export function AwaitingSecondAdmin({ what }: { what: string }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="yellow" role="status" title={what}>
      <Stack gap="xs">
        <Text size="sm">{t('approvals.waitsForSecond')}</Text>
        <Button component={Link} to="/admin/approvals" variant="light" h={44} w="fit-content">
          {t('approvals.openApprovals')}
        </Button>
      </Stack>
    </Alert>
  );
}
