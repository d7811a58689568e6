import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';
import { ReasonDialog } from '../ReasonDialog';
import { EntryFacts } from './EntryFacts';
import { PossibleDuplicates } from './PossibleDuplicates';

type Entry = RouterOutputs['supervisor']['pending']['entries'][number];

/** /staff/review: pending entries, oldest first; a supervisor approves or rejects each (four eyes). */
export function StaffReviewPage() {
  return (
    <RequireSection section="supervisor">
      <StepUpGate>
        <ReviewContent />
      </StepUpGate>
    </RequireSection>
  );
}

function ReviewContent() {
  const { t } = useTranslation('staff');
  usePageMeta(t('review.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // 100 a page, oldest first: `after` is the last id of the page before (undefined: the first page).
  const [after, setAfter] = useState<string | undefined>(undefined);
  const pending = useQuery(trpc.supervisor.pending.queryOptions({ after }));
  const [rejecting, setRejecting] = useState<Entry | null>(null);
  // Entries whose possible duplicates the supervisor said they compared.
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const acknowledge = (id: string, value: boolean) =>
    setAcknowledged((previous) => {
      const next = new Set(previous);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  const refresh = () => queryClient.invalidateQueries(trpc.supervisor.pathFilter());
  const approve = useMutation(
    trpc.supervisor.approve.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('review.approved'), t('review.approvedText'));
        await refresh();
      },
    }),
  );
  const reject = useMutation(
    trpc.supervisor.reject.mutationOptions({
      onSuccess: async () => {
        setRejecting(null);
        notifySuccess(t('review.rejected'), t('review.rejectedText'));
        await refresh();
      },
    }),
  );

  const entries = pending.data?.entries ?? [];
  const nextAfter = pending.data?.nextAfter ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('review.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('review.lead')}
        </Text>
      </div>
      {pending.isError && (
        <Alert color="red" role="alert">
          {failureReason(pending.error)}
        </Alert>
      )}
      {pending.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : entries.length === 0 && !pending.isError ? (
        <Text data-testid="review-empty">{t('review.empty')}</Text>
      ) : (
        <Stack gap="sm" data-testid="pending-entries">
          {entries.map((entry) => (
            <Paper
              key={entry.id}
              withBorder
              p="md"
              radius="md"
              component="article"
              aria-label={entry.fullName}
            >
              <Stack gap="xs">
                <EntryFacts entry={entry} />
                <PossibleDuplicates
                  duplicates={entry.possibleDuplicates}
                  acknowledged={acknowledged.has(entry.id)}
                  onAcknowledge={(value) => acknowledge(entry.id, value)}
                />
                {approve.isError && approve.variables?.id === entry.id && (
                  <Alert color="red" role="alert">
                    {failureReason(approve.error)}
                  </Alert>
                )}
                <Group gap="xs" wrap="wrap">
                  <Button
                    color="green"
                    h={44}
                    disabled={entry.possibleDuplicates.length > 0 && !acknowledged.has(entry.id)}
                    onClick={() =>
                      approve.mutate({
                        id: entry.id,
                        ...(acknowledged.has(entry.id) ? { acknowledgeDuplicates: true } : {}),
                      })
                    }
                    loading={approve.isPending && approve.variables?.id === entry.id}
                  >
                    {t('review.approve')}
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    h={44}
                    onClick={() => {
                      reject.reset();
                      setRejecting(entry);
                    }}
                  >
                    {t('review.reject')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          {(nextAfter || after) && (
            <Group gap="xs">
              {after && (
                <Button variant="default" onClick={() => setAfter(undefined)}>
                  {t('review.firstPage')}
                </Button>
              )}
              {nextAfter && (
                <Button variant="default" onClick={() => setAfter(nextAfter)}>
                  {t('review.nextPage')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
      <ReasonDialog
        opened={rejecting !== null}
        title={t('review.rejectTitle')}
        summary={t('review.rejectSummary', {
          name: rejecting?.fullName ?? '',
          card: rejecting?.voterCardNumber ?? '',
        })}
        label={t('review.reason')}
        submitLabel={t('review.reject')}
        busy={reject.isPending}
        error={reject.error}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['staff', 'eligibility'] });

export default routeComponent(StaffReviewPage);
