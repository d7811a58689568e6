import { Alert, Button, Card, Code, FileInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../components/content/ContentText';
import { PageContainer } from '../../components/PageContainer';
import { runBelenios } from '../../lib/belenios/run';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';

/**
 * A verifiable election's trustee: no account. The key pair is made in this browser's worker and the
 * private key is only ever downloaded; later, with the token the commission handed over, the trustee's share of
 * the tally is computed here from the private key file and sent with its proof.
 */
export function TrusteePage() {
  const { t } = useTranslation('elections');
  usePageMeta(t('trustee.title'), t('trustee.intro'));
  return (
    <PageContainer size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('trustee.title')}</Title>
          <Text c="dimmed" mt="xs">
            {t('trustee.intro')}
          </Text>
        </div>
        <KeyCard />
        <ShareCard />
      </Stack>
    </PageContainer>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function KeyCard() {
  const { t } = useTranslation('elections');
  const [pair, setPair] = useState<{ privateKey: string; publicKey: string } | null>(null);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const generate = async () => {
    setWorking(true);
    setFailed(false);
    try {
      const made = await runBelenios({ kind: 'generateKey' });
      setPair({ privateKey: made.privateKey, publicKey: made.publicKey });
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="trustee-key">
      <Stack>
        <Title order={2} size="h4" id="trustee-key">
          {t('trustee.keyTitle')}
        </Title>
        <Text size="sm">{t('trustee.keyHelp')}</Text>
        <Button h={44} onClick={() => void generate()} loading={working}>
          {t('trustee.generate')}
        </Button>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('trustee.generateFailed')}
          </Alert>
        )}
        {pair && (
          <>
            <Button
              h={44}
              variant="light"
              onClick={() => download('codka-trustee-private-key.txt', pair.privateKey)}
            >
              {t('trustee.downloadPrivate')}
            </Button>
            <Text size="sm" fw={600}>
              {t('trustee.keepPrivate')}
            </Text>
            <Text size="sm">{t('trustee.publicKey')}</Text>
            <Code
              block
              data-testid="trustee-public-key"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {pair.publicKey}
            </Code>
            <Button
              h={44}
              variant="default"
              onClick={() => download('codka-trustee-public-key.json', pair.publicKey)}
            >
              {t('trustee.downloadPublic')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

type TrusteeReading = RouterOutputs['trustees']['byToken'];

function ShareCard() {
  const { t } = useTranslation('elections');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const readText = useContentText();
  const [token, setToken] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState<TrusteeReading | null>(null);
  const [keyMatches, setKeyMatches] = useState<boolean | null>(null);
  const submit = useMutation(trpc.trustees.submitPartialDecryption.mutationOptions());

  // What the share needs comes from the token (trustees.byToken): the election and its encrypted tally, never
  // the archive with every ballot.
  const decrypt = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !token.trim()) return;
    setWorking(true);
    setFailure(null);
    setReading(null);
    setKeyMatches(null);
    submit.reset();
    let trustee: TrusteeReading;
    try {
      trustee = await queryClient.fetchQuery(
        trpc.trustees.byToken.queryOptions({ token: token.trim() }, { staleTime: 0, retry: false }),
      );
    } catch (error) {
      setFailure(failureReason(error, t('trustee.decryptFailed')));
      setWorking(false);
      return;
    }
    // The key file is checked against the public key Codka holds for this trustee first: a key replaced by
    // someone else shows now, before the tally, not as a share that does not check (docs/security.md).
    let matches: boolean;
    try {
      const checked = await runBelenios({
        kind: 'keyMatches',
        privateKey: await file.text(),
        publicKey: trustee.publicKey,
      });
      matches = checked.matches;
    } catch {
      setFailure(t('trustee.decryptFailed'));
      setWorking(false);
      return;
    }
    setKeyMatches(matches);
    setReading(trustee);
    if (
      !matches ||
      trustee.status !== 'ready' ||
      trustee.election === null ||
      trustee.encryptedTally === null
    ) {
      setWorking(false);
      return;
    }
    try {
      const share = await runBelenios({
        kind: 'decrypt',
        election: trustee.election,
        encryptedTally: trustee.encryptedTally,
        privateKey: await file.text(),
      });
      submit.mutate({ token: token.trim(), partialDecryption: share.partialDecryption });
    } catch {
      setFailure(t('trustee.decryptFailed'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={decrypt}
      noValidate
      aria-labelledby="trustee-share"
    >
      <Stack>
        <Title order={2} size="h4" id="trustee-share">
          {t('trustee.shareTitle')}
        </Title>
        <Text size="sm">{t('trustee.shareHelp')}</Text>
        <TextInput
          label={t('trustee.token')}
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <FileInput label={t('trustee.privateFile')} value={file} onChange={setFile} />
        <Button type="submit" h={44} loading={working || submit.isPending}>
          {t('trustee.decrypt')}
        </Button>
        {reading && (
          <Text size="sm" data-testid="trustee-election">
            {t('trustee.forElection', { title: readText(reading.titleText), name: reading.name })}
          </Text>
        )}
        {reading && keyMatches === false && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('trustee.keyMismatch')}
          </Alert>
        )}
        {reading && keyMatches === true && reading.status !== 'given' && (
          <Text size="sm" data-testid="trustee-key-matches">
            {t('trustee.keyMatches')}
          </Text>
        )}
        {reading?.status === 'waiting' && keyMatches === true && (
          <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="status">
            {t('trustee.waiting')}
          </Alert>
        )}
        {reading?.status === 'given' && (
          <Alert color="blue" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('trustee.given')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        {submit.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failureReason(submit.error, t('trustee.decryptFailed'))}
          </Alert>
        )}
        {submit.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('trustee.shareSent')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['elections', 'errors'] });

export default routeComponent(TrusteePage);
