import { Button, Card, Radio, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SELECT_CANDIDATE_MESSAGE } from '@shared/schemas/voting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/error-texts';
import { useAuth } from '../../lib/auth';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { CandidateCards, type CandidateSummary } from './CandidateIdentity';
import { ConfirmChoice } from './ConfirmChoice';
import { errorCode } from './query-errors';

interface BallotCandidate extends CandidateSummary {
  id: string;
}

/**
 * The vote card (docs/product.md#vote-page): choose one candidate, then Submit Vote (disabled until a choice is
 * made), then confirm the named choice (a vote cannot be changed) or go back. On success the election and the
 * citizen's votes are refetched, so the page turns to the receipt.
 */
export function VoteCard({
  electionId,
  candidates,
  onVoted,
}: {
  electionId: string;
  candidates: BallotCandidate[];
  onVoted(receiptId: string): void;
}) {
  const { t } = useTranslation('elections');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [candidateId, setCandidateId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = candidates.find((candidate) => candidate.id === candidateId);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.votes.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.elections.byId.queryKey({ id: electionId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.elections.hub.queryKey() }),
    ]);

  const cast = useMutation(
    trpc.votes.cast.mutationOptions({
      onSuccess: (result) => {
        notifySuccess(t('vote.submittedTitle'), t('vote.submittedBody'));
        onVoted(result.receiptId);
        void refresh();
      },
      onError: (error) => {
        notifyFailure(t('vote.errorTitle'), error, t('vote.failedToSubmit'));
        // Already voted, or the election closed meanwhile: show the page as it now stands.
        const code = errorCode(error);
        if (code === 'CONFLICT' || code === 'PRECONDITION_FAILED') void refresh();
        setConfirming(false);
      },
    }),
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!candidateId || !chosen || !user) {
      // The server's own sentence (shared/schemas/voting), said here before anything is sent.
      notifications.show({
        color: 'red',
        title: t('vote.errorTitle'),
        message: messageText(SELECT_CANDIDATE_MESSAGE),
      });
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    cast.mutate({ electionId, candidateId });
  };

  if (confirming && chosen) {
    return (
      <Card withBorder padding="lg">
        <ConfirmChoice
          choice={chosen}
          busy={cast.isPending}
          onBack={() => setConfirming(false)}
          onConfirm={submit}
        />
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label={t('vote.form')}>
      <Radio.Group
        value={candidateId}
        onChange={setCandidateId}
        label={t('vote.choose')}
        description={t('vote.chooseHelp')}
        readOnly={cast.isPending}
      >
        <CandidateCards candidates={candidates} />
      </Radio.Group>
      {candidates.length === 0 && (
        <Text c="dimmed" mt="sm">
          {t('candidate.none')}
        </Text>
      )}
      <Button type="submit" size="md" h={48} mt="lg" fullWidth disabled={!candidateId || cast.isPending}>
        {cast.isPending ? t('vote.submitting') : t('vote.submit')}
      </Button>
    </Card>
  );
}
