import { Alert, Button, Card, Code, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runBelenios } from '../../lib/belenios/run';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { CandidateCards, type CandidateSummary } from './CandidateIdentity';

interface BallotCandidate extends CandidateSummary {
  id: string;
}

interface Prepared {
  choice: string;
  ballot: string;
  tracker: string;
  randomness: string[][];
}

interface Audited {
  ballot: string;
  tracker: string;
  randomness: string[][];
  opensTo: string[];
}

/**
 * A verifiable election's ballot (docs/election-record.md#verifiable-elections): the choice is encrypted in a Web Worker with the voter's Belenios
 * credential (Codka's, or typed in when an outside authority gave it), then cast-or-audit: Cast sends the ballot
 * and shows its tracker as the receipt; Audit shows the ballot with its randomness and the choice it opens to,
 * discards it and makes a new one (docs/election-record.md#verifiable-elections).
 */
export function VerifiableBallot({
  electionId,
  credentialAuthority,
  candidates,
  onCast,
}: {
  electionId: string;
  /** Who gives the credentials (elections.byId): Codka hands the voter theirs; an outside authority's is typed. */
  credentialAuthority: 'codka' | 'external';
  candidates: BallotCandidate[];
  onCast(tracker: string): void;
}) {
  const { t } = useTranslation('elections');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // An outside credential authority: the voter types the credential they received (Codka never has it).
  const typesCredential = credentialAuthority === 'external';
  const credential = useQuery(
    trpc.votes.credential.queryOptions({ electionId }, { retry: false, enabled: !typesCredential }),
  );
  const [typed, setTyped] = useState('');
  const [candidateId, setCandidateId] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [audited, setAudited] = useState<Audited | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = candidates.find((c) => c.id === candidateId);
  const secret = typesCredential ? typed.trim() : credential.data?.credential;

  // The election's Belenios text (its key and question), never the archive: a voter on prepaid data does not
  // download every other voter's ballot. It is fixed once the election opens, so it is asked for once.
  const electionText = async () =>
    (
      await queryClient.fetchQuery(
        trpc.elections.beleniosElection.queryOptions(
          { id: electionId },
          { staleTime: Number.POSITIVE_INFINITY },
        ),
      )
    ).election;

  const encrypt = async (choice: string): Promise<Prepared> => {
    if (!secret) throw new Error('no credential');
    const answer = await runBelenios({
      kind: 'encrypt',
      election: await electionText(),
      credential: secret,
      choice,
    });
    return { choice, ballot: answer.ballot, tracker: answer.tracker, randomness: answer.randomness };
  };

  const step = async (work: () => Promise<void>) => {
    setWorking(true);
    setFailure(null);
    try {
      await work();
    } catch {
      setFailure(t('verifiable.encryptFailed'));
    } finally {
      setWorking(false);
    }
  };

  const prepare = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !secret) return;
    void step(async () => {
      setAudited(null);
      setPrepared(await encrypt(chosen.name));
    });
  };

  const audit = () => {
    if (!prepared) return;
    void step(async () => {
      const opened = await runBelenios({
        kind: 'audit',
        election: await electionText(),
        ballot: prepared.ballot,
        randomness: prepared.randomness,
      });
      setAudited({ ...prepared, opensTo: opened.choices });
      // The audited ballot is spent (its randomness reveals the choice): a new one is made for the same choice.
      setPrepared(null);
      setPrepared(await encrypt(prepared.choice));
    });
  };

  const cast = useMutation(
    trpc.votes.castBallot.mutationOptions({
      onSuccess: (result) => {
        notifySuccess(t('vote.submittedTitle'), t('verifiable.castBody'));
        onCast(result.tracker);
        // The election's answer then carries the ballot's tracker (myBallot): the receipt on a later visit.
        void queryClient.invalidateQueries({ queryKey: trpc.elections.byId.queryKey({ id: electionId }) });
      },
      onError: (error) => notifyFailure(t('vote.errorTitle'), error, t('vote.failedToSubmit')),
    }),
  );

  return (
    <Card withBorder padding="lg" component="form" onSubmit={prepare} aria-label={t('verifiable.form')}>
      <Stack gap="md">
        <Text size="sm">{t('verifiable.explain')}</Text>
        {typesCredential && (
          <Textarea
            label={t('verifiable.credentialLabel')}
            description={t('verifiable.credentialHelp')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autosize
            minRows={1}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        {credential.isError && !typesCredential && (
          <Alert color="red" role="alert">
            {t('verifiable.noCredential')}
          </Alert>
        )}
        <Radio.Group
          value={candidateId}
          onChange={(id) => {
            setCandidateId(id);
            setPrepared(null);
          }}
          label={t('vote.choose')}
          description={t('vote.chooseHelp')}
          readOnly={working || cast.isPending}
        >
          <CandidateCards candidates={candidates} />
        </Radio.Group>
        {!prepared && (
          <Button type="submit" size="md" h={48} fullWidth disabled={!chosen || !secret || working}>
            {working ? t('verifiable.encrypting') : t('verifiable.encrypt')}
          </Button>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {audited && (
          <Stack gap="xs" aria-label={t('verifiable.auditTitle')} role="region">
            <Title order={3} size="h5">
              {t('verifiable.auditTitle')}
            </Title>
            <Text size="sm">{t('verifiable.auditOpensTo', { choice: audited.opensTo.join(', ') })}</Text>
            <Text size="sm">{t('verifiable.auditDiscarded', { tracker: audited.tracker })}</Text>
            <Text size="sm" fw={600}>
              {t('verifiable.auditRandomness')}
            </Text>
            <Code
              block
              tabIndex={0}
              role="region"
              aria-label={t('verifiable.auditRandomness')}
              style={{ overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {JSON.stringify(audited.randomness)}
            </Code>
            <Text size="sm" fw={600}>
              {t('verifiable.auditBallot')}
            </Text>
            <Code
              block
              tabIndex={0}
              role="region"
              aria-label={t('verifiable.auditBallot')}
              style={{ maxHeight: 160, overflow: 'auto', wordBreak: 'break-all' }}
            >
              {audited.ballot}
            </Code>
          </Stack>
        )}
        {prepared && (
          <Stack gap="sm">
            <Text size="sm">
              {t('verifiable.prepared', { name: prepared.choice })}{' '}
              <Code style={{ wordBreak: 'break-all' }}>{prepared.tracker}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              {t('verifiable.castOrAudit')}
            </Text>
            <Group grow wrap="wrap">
              <Button
                size="md"
                h={48}
                onClick={() => cast.mutate({ electionId, ballot: prepared.ballot })}
                loading={cast.isPending}
                disabled={working}
              >
                {t('verifiable.cast')}
              </Button>
              <Button size="md" h={48} variant="default" onClick={audit} disabled={working || cast.isPending}>
                {t('verifiable.audit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
