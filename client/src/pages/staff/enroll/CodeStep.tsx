import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { ENROLLMENT_CODE_INVALID, enrollmentCodeSchema } from '@shared/schemas/voter-roll';
import { ENROLLMENT_CODE_LENGTH } from '@shared/voter-roll';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/error-texts';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

// The camera code (and jsqr where the browser has no BarcodeDetector) downloads only when a registrar scans.
const CodeScanner = lazy(() => import('./CodeScanner').then((m) => ({ default: m.CodeScanner })));

export type CodeHolder = RouterOutputs['registrar']['lookupCode'] & { code: string };

/**
 * Step 1: the citizen's code, typed (any case, with spaces or dashes) or scanned, then looked up: the account's
 * name is shown so the registrar can compare it with the identity document.
 */
export function CodeStep({ onFound }: { onFound(holder: CodeHolder): void }) {
  const { t } = useTranslation('staff');
  const trpc = useTRPC();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const lookup = useMutation(
    trpc.registrar.lookupCode.mutationOptions({
      onSuccess: (holder, { code }) => onFound({ ...holder, code }),
    }),
  );

  function find(raw: string) {
    const parsed = enrollmentCodeSchema.safeParse(raw);
    if (!parsed.success) {
      setInvalid(messageText(parsed.error.issues[0]?.message ?? ENROLLMENT_CODE_INVALID));
      return;
    }
    setInvalid(null);
    lookup.mutate({ code: parsed.data });
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          find(value);
        }}
        noValidate
        aria-label={t('enroll.codeForm')}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('enroll.codeTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('enroll.codeLead')}
          </Text>
          {lookup.isError && (
            <Alert color="red" role="alert" title={t('enroll.lookupFailed')}>
              {failureReason(lookup.error)}
            </Alert>
          )}
          <TextInput
            label={t('enroll.code')}
            description={t('enroll.codeHint', { length: ENROLLMENT_CODE_LENGTH })}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setInvalid(null);
            }}
            error={invalid}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            maw={320}
            ff="monospace"
            styles={{ input: { fontSize: 20, letterSpacing: '0.12em' } }}
            disabled={lookup.isPending}
          />
          <Group gap="xs" wrap="wrap">
            <Button type="submit" loading={lookup.isPending} h={44}>
              {t('enroll.find')}
            </Button>
            {!scanning && (
              <Button variant="default" onClick={() => setScanning(true)} h={44}>
                {t('enroll.scan')}
              </Button>
            )}
          </Group>
          {scanning && (
            <Suspense fallback={<Loader size="sm" aria-label={t('scanner.loading')} />}>
              <CodeScanner
                onClose={() => setScanning(false)}
                onCode={(code) => {
                  setScanning(false);
                  setValue(code);
                  find(code);
                }}
              />
            </Suspense>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
