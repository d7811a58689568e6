import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import {
  CredentialsUploadError,
  type CredentialsUploadProgress,
  sendPublicCredentials,
} from './public-credentials-upload';

/**
 * A verifiable election's trustees (docs/election-record.md#verifiable-elections): add each with a name and the public key text they made (trustee
 * page or belenios-tool), list them, remove them while a draft. The token answered on adding is shown once, to
 * hand to the trustee; only its hash is kept.
 */
export function TrusteesPanel({ electionId, draft }: { electionId: string; draft: boolean }) {
  const { t } = useTranslation('adminElections');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.admin.elections.trustees.list.queryKey({ electionId });
  const list = useQuery(trpc.admin.elections.trustees.list.queryOptions({ electionId }));
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [token, setToken] = useState<{ name: string; token: string } | null>(null);

  const add = useMutation(
    trpc.admin.elections.trustees.add.mutationOptions({
      onSuccess: (answer, input) => {
        notifySuccess(t('trustees.added'), input.name);
        setToken({ name: input.name, token: answer.token });
        setName('');
        setPublicKey('');
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onError: (error) => notifyFailure(t('trustees.addFailed'), error),
    }),
  );
  const remove = useMutation(
    trpc.admin.elections.trustees.remove.mutationOptions({
      onSuccess: () => {
        notifySuccess(t('trustees.removed'), '');
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onError: (error) => notifyFailure(t('trustees.removeFailed'), error),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ electionId, name: name.trim(), publicKey: publicKey.trim() });
  };

  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="trustees-title">
      <Title order={2} size="h4" id="trustees-title">
        {t('trustees.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('trustees.intro')}
      </Text>
      {list.isError && (
        <Alert color="red" role="alert">
          {t('trustees.loadFailed')}
        </Alert>
      )}
      {list.data && list.data.length === 0 && <Text size="sm">{t('trustees.none')}</Text>}
      {list.data && list.data.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('trustees.list')}
          style={{ listStyle: 'none', padding: 0 }}
        >
          {list.data.map((trustee) => (
            <Group key={trustee.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconKey size={18} aria-hidden />
                <Text size="sm" fw={600} truncate>
                  {trustee.name}
                </Text>
                {!draft && (
                  <Badge color={trustee.shareGiven ? 'teal' : 'gray'} variant="light">
                    {trustee.shareGiven ? t('trustees.shareGiven') : t('trustees.shareWaiting')}
                  </Badge>
                )}
              </Group>
              {draft && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={t('trustees.remove', { name: trustee.name })}
                  onClick={() => remove.mutate({ electionId, id: trustee.id })}
                  loading={remove.isPending && remove.variables?.id === trustee.id}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {token && (
        <Alert color="yellow" title={t('trustees.tokenTitle', { name: token.name })} role="status">
          <Text size="sm">{t('trustees.tokenBody')}</Text>
          <Code
            block
            mt="xs"
            data-testid="trustee-token"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {token.token}
          </Code>
        </Alert>
      )}
      {draft && (
        <form onSubmit={submit} noValidate aria-label={t('trustees.add')}>
          <Stack gap="sm">
            <TextInput
              label={t('trustees.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              disabled={add.isPending}
            />
            <Textarea
              label={t('trustees.publicKey')}
              value={publicKey}
              onChange={(e) => setPublicKey(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={8}
              spellCheck={false}
              disabled={add.isPending}
            />
            <Button type="submit" h={44} loading={add.isPending} disabled={!name.trim() || !publicKey.trim()}>
              {t('trustees.add')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * A verifiable draft whose credentials come from an outside credential authority: its public credentials file
 * (`belenios-tool setup generate-credentials`' .pubcreds). Voters then type the credential they received.
 */
export function OutsideCredentialsPanel({ electionId }: { electionId: string }) {
  const { t } = useTranslation('adminElections');
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const [progress, setProgress] = useState<CredentialsUploadProgress | null>(null);
  // The file goes in parts to its own routes, not through tRPC: a nation's list is hundreds of MB.
  const send = useMutation({
    mutationFn: (chosen: File) => sendPublicCredentials(electionId, chosen, setProgress),
    onSuccess: () => {
      setDone(true);
      notifySuccess(t('credentials.saved'), '');
    },
    onError: (error) => {
      // The file starts again from its first part: a bar left half-way would say otherwise.
      setProgress(null);
      return error instanceof CredentialsUploadError
        ? notifyError(t('credentials.failed'), error.message)
        : notifyFailure(t('credentials.failed'), error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setDone(false);
    setProgress(null);
    send.mutate(file);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="outside-credentials">
      <Stack gap="sm" mt="xl">
        <Title order={2} size="h4" id="outside-credentials">
          {t('credentials.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('credentials.intro')}
        </Text>
        <FileInput label={t('credentials.file')} value={file} onChange={setFile} disabled={send.isPending} />
        <Button type="submit" h={44} variant="light" loading={send.isPending} disabled={!file}>
          {t('credentials.use')}
        </Button>
        {progress && <UploadProgress progress={progress} />}
        {done && (
          <Alert color="teal" role="status">
            {t('credentials.saved')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** How far the file has got, in words and as a bar: its hash being computed, then its parts sent of all. */
function UploadProgress({ progress }: { progress: CredentialsUploadProgress }) {
  const { t } = useTranslation('adminElections');
  const percent = progress.total === 0 ? 0 : Math.floor((100 * progress.done) / progress.total);
  const words =
    progress.stage === 'reading'
      ? t('credentials.reading', { percent })
      : t('credentials.sending', { sent: progress.done, parts: progress.total });
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {words}
      </Text>
      <Progress value={percent} aria-label={words} />
    </Stack>
  );
}
