import { Alert, Anchor, Badge, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchArchive, runBelenios } from '../../lib/belenios/run';

type MarkProps = { archive: string; badge?: never } | { badge: true; archive?: never };

/**
 * A verifiable election's mark. On its results and its page: what "verifiable" means and the public archive's
 * link. On a card (the hub's, the admin console's) and before the archive exists (a draft): the badge alone.
 */
export function VerifiableMark(props: MarkProps) {
  const { t } = useTranslation('elections');
  if (props.badge) {
    return (
      <Badge
        color="teal"
        variant="light"
        leftSection={<IconShieldCheck size={12} aria-hidden />}
        data-testid="verifiable-mark"
      >
        {t('verifiable.mark')}
      </Badge>
    );
  }
  return (
    <Alert
      color="teal"
      icon={<IconShieldCheck aria-hidden />}
      title={t('verifiable.mark')}
      data-testid="verifiable-mark"
    >
      <Stack gap="xs">
        <Text size="sm">{t('verifiable.markHelp')}</Text>
        <Anchor href={props.archive} size="sm" fw={600}>
          {t('verifiable.archive')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * /verify for a verifiable election: finds a ballot's tracker in the election's public archive, read and checked
 * in the browser's worker (the server is not asked whether the ballot is there).
 */
export function TrackerFinder({
  initialElection,
  initialTracker,
}: {
  initialElection: string;
  initialTracker: string;
}) {
  const { t } = useTranslation('elections');
  const [electionId, setElectionId] = useState(initialElection);
  const [tracker, setTracker] = useState(initialTracker);
  const [answer, setAnswer] = useState<{ found: boolean; count: number } | 'failed' | null>(null);
  const [working, setWorking] = useState(false);

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!electionId.trim() || !tracker.trim()) return;
    setWorking(true);
    setAnswer(null);
    try {
      const found = await runBelenios({
        kind: 'findTracker',
        archive: await fetchArchive(electionId.trim()),
        tracker,
      });
      setAnswer({ found: found.found, count: found.ballots });
    } catch {
      setAnswer('failed');
    } finally {
      setWorking(false);
    }
  };

  // A link from the receipt (/verify?election=…&tracker=…) is checked at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initialElection || !initialTracker) return;
    started.current = true;
    void find();
  });

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={find}
      noValidate
      aria-label={t('verifiable.trackerCheck')}
    >
      <Stack>
        <Title order={2} size="h4">
          {t('verifiable.trackerCheck')}
        </Title>
        <TextInput
          label={t('verifiable.electionLabel')}
          value={electionId}
          onChange={(e) => setElectionId(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label={t('verifiable.trackerLabel')}
          value={tracker}
          onChange={(e) => setTracker(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        <Button type="submit" h={44} loading={working}>
          {t('verifiable.trackerCheck')}
        </Button>
        {answer === 'failed' && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('verifiable.trackerFailed')}
          </Alert>
        )}
        {answer && answer !== 'failed' && (
          <Anchor
            href={`/api/v1/elections/${encodeURIComponent(electionId.trim())}/archive.bel`}
            size="sm"
            fw={600}
          >
            {t('verifiable.archive')}
          </Anchor>
        )}
        {answer && answer !== 'failed' && (
          <Alert
            color={answer.found ? 'teal' : 'red'}
            icon={answer.found ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            role="status"
            data-testid="tracker-answer"
          >
            {answer.found
              ? t('verifiable.trackerFound', { count: answer.count })
              : t('verifiable.trackerMissing', { count: answer.count })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
