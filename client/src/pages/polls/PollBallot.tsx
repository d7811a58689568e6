import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentText, useContentText } from '../../components/content/ContentText';
import { ConfirmChoice } from '../../components/elections/ConfirmChoice';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { PollCandidateAvatar } from './PollCandidateAvatar';
import type { PollCandidate } from './PollCandidateList';
import { pollErrorCode } from './poll-format';

/**
 * The poll's ballot: pick one candidate, submit, confirm the named choice or go back; one vote (the vote card's
 * rules apply to polls too: docs/product.md#vote-page).
 */
export function PollBallot({ pollId, candidates }: { pollId: string; candidates: PollCandidate[] }) {
  const { t } = useTranslation('polls');
  const contentText = useContentText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = candidates.find((candidate) => candidate.id === choice);
  const refresh = () => queryClient.invalidateQueries(trpc.polls.pathFilter());

  const vote = useMutation(
    trpc.polls.vote.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('ballot.submittedTitle'), t('ballot.submittedBody'));
        await refresh();
      },
      onError: async (error) => {
        notifyFailure(t('ballot.failedTitle'), error, t('ballot.failedFallback'));
        // A vote already on record (another tab, another phone) means the results are now the user's to see.
        setConfirming(false);
        if (pollErrorCode(error) === 'CONFLICT') await refresh();
      },
    }),
  );
  const busy = vote.isPending;

  if (confirming && chosen) {
    return (
      <ConfirmChoice
        choice={chosen}
        busy={busy}
        onBack={() => setConfirming(false)}
        onConfirm={() => vote.mutate({ pollId, candidateId: chosen.id })}
      />
    );
  }

  return (
    <form
      aria-label={t('ballot.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) setConfirming(true);
      }}
    >
      <Stack gap="md">
        <Radio.Group
          value={choice}
          onChange={setChoice}
          label={t('ballot.choose')}
          description={t('ballot.help')}
          name="poll-candidate"
        >
          <Stack gap="xs" mt="xs">
            {candidates.map((candidate) => (
              <Radio.Card
                key={candidate.id}
                value={candidate.id}
                radius="md"
                p="sm"
                aria-label={
                  candidate.party
                    ? t('candidates.withParty', {
                        name: candidate.name,
                        party: contentText(candidate.partyText),
                      })
                    : candidate.name
                }
              >
                <Group wrap="nowrap" gap="sm" mih={44}>
                  <Radio.Indicator />
                  <PollCandidateAvatar
                    name={candidate.name}
                    photoUrl={candidate.photoUrl}
                    colorHex={candidate.colorHex}
                    size="sm"
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {candidate.name}
                    </Text>
                    {candidate.party && (
                      <Text size="sm" c="dimmed">
                        <ContentText text={candidate.partyText} />
                      </Text>
                    )}
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" size="md" mih={44} disabled={!choice}>
          {t('ballot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
