import { Alert, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ROLL_IMPORT_COLUMNS,
  ROLL_IMPORT_EXAMPLE_LINE,
  ROLL_IMPORT_MAX_BYTES,
  ROLL_IMPORT_MAX_ROWS,
} from '@shared/roll-import';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { RollReport } from './RollReport';
import { type RollUploadAnswer, RollUploadError, sendRollFile } from './roll-upload';

/** The upload: what the file must hold, a file input, "Check file" (dry run), "Import", and the report. */
export function RollImportSection({ onImported }: { onImported(): Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [report, setReport] = useState<RollUploadAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(dryRun: boolean) {
    if (!file) {
      setProblem(t('voterRoll.chooseFirst'));
      return;
    }
    setBusy(dryRun ? 'check' : 'import');
    setProblem(null);
    setReport(null);
    try {
      const answer = await sendRollFile(file, { dryRun });
      setReport(answer);
      if (answer.imported > 0) await onImported();
    } catch (error) {
      setProblem(error instanceof RollUploadError ? error.message : t('voterRoll.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={`${inputId}-title`}
    >
      <Stack>
        <Title order={2} size="h3" id={`${inputId}-title`}>
          {t('voterRoll.importTitle')}
        </Title>
        <Text>{t('voterRoll.intro')}</Text>
        <Title order={3} size="h5">
          {t('voterRoll.columnsTitle')}
        </Title>
        <Text size="sm">{t('voterRoll.columnsIntro')}</Text>
        <List size="sm" spacing={4}>
          {ROLL_IMPORT_COLUMNS.map((column) => (
            <List.Item key={column}>
              <Code>{column}</Code>: {t(`voterRoll.columns.${column}`)}
            </List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          {t('voterRoll.example')}
        </Text>
        {/* Wrapped, not scrolled: a phone shows the whole line without a scroll region to reach by keyboard. */}
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {`${ROLL_IMPORT_COLUMNS.join(',')}\n${ROLL_IMPORT_EXAMPLE_LINE}`}
        </Code>
        <Text size="sm" c="dimmed">
          {t('voterRoll.limits', {
            size: formatNumber(ROLL_IMPORT_MAX_BYTES / 1024 / 1024),
            rows: formatNumber(ROLL_IMPORT_MAX_ROWS),
          })}
        </Text>
        <Stack gap={4}>
          <Text component="label" htmlFor={inputId} size="sm" fw={500}>
            {t('voterRoll.file')}
          </Text>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            // A 44 px target on a phone, never wider than the screen.
            style={{ minHeight: 44, maxWidth: '100%' }}
            disabled={busy !== null}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setReport(null);
              setProblem(null);
            }}
          />
        </Stack>
        <Group>
          <Button
            variant="default"
            onClick={() => send(true)}
            loading={busy === 'check'}
            disabled={busy === 'import'}
          >
            {t('voterRoll.check')}
          </Button>
          <Button onClick={() => send(false)} loading={busy === 'import'} disabled={busy === 'check'}>
            {t('voterRoll.import')}
          </Button>
        </Group>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {report && <RollReport report={report} />}
      </Stack>
    </Paper>
  );
}
