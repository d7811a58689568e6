import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';

/** The ten recovery codes, shown once after enrolment, with a way to copy them all. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Stack>
      <Alert color="green" role="status" title="Two-factor sign-in is on">
        Save these recovery codes somewhere safe, apart from your phone. Each one signs you in once if you
        lose your authenticator app. They will not be shown again.
      </Alert>
      <List
        type="ordered"
        spacing={4}
        ff="monospace"
        fz="lg"
        aria-label="Recovery codes"
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
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} size="md">
          I have saved my recovery codes
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Anyone with one of these codes and your password can sign in as you.
      </Text>
    </Stack>
  );
}
