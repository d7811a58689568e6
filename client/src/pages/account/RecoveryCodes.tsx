import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The ten recovery codes, shown once after enrolment, with a way to copy them all. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('account');
  return (
    <Stack>
      <Alert color="green" role="status" title={t('recovery.onTitle')}>
        {t('recovery.save')}
      </Alert>
      <List
        type="ordered"
        spacing={4}
        ff="monospace"
        fz="lg"
        aria-label={t('recovery.list')}
        data-testid="recovery-codes"
        style={{ columns: '2 10rem' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group wrap="wrap">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} size="md">
              {copied ? t('recovery.copied') : t('recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} size="md">
          {t('recovery.done')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('recovery.warning')}
      </Text>
    </Stack>
  );
}
