import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageTexts } from '../../../i18n/error-texts';

/** The server's own "Access denied" sentence for a page the reader's role does not open. */
export function StaffDenied({
  code,
}: {
  code: 'access.staffOnly' | 'access.registrarOnly' | 'access.supervisorOnly';
}) {
  const { errorCodeText } = useMessageTexts();
  const { t } = useTranslation('staff');
  return (
    <Alert color="red" role="alert" title={t('layout.deniedTitle')} data-testid="staff-denied">
      <Stack gap="sm" align="flex-start">
        <Text>{errorCodeText(code)}</Text>
        <Button component={Link} to="/" variant="default">
          {t('layout.home')}
        </Button>
      </Stack>
    </Alert>
  );
}
