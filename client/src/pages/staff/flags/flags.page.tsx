import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { formatDateTime } from '../../../i18n/format';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';
import { ReasonDialog } from '../ReasonDialog';

type Flag = RouterOutputs['supervisor']['flags'][number];

/** /staff/flags: voter cards claimed by a second account, until a supervisor resolves them with a note. */
export function StaffFlagsPage() {
  return (
    <RequireSection section="supervisor">
      <StepUpGate>
        <FlagsContent />
      </StepUpGate>
    </RequireSection>
  );
}

function FlagsContent() {
  const { t } = useTranslation('staff');
  usePageMeta(t('flags.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const flags = useQuery(trpc.supervisor.flags.queryOptions());
  const [resolving, setResolving] = useState<Flag | null>(null);
  const resolve = useMutation(
    trpc.supervisor.resolveFlag.mutationOptions({
      onSuccess: async () => {
        setResolving(null);
        notifySuccess(t('flags.resolved'), t('flags.resolvedText'));
        await queryClient.invalidateQueries({ queryKey: trpc.supervisor.flags.queryKey() });
      },
    }),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('flags.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('flags.lead')}
        </Text>
      </div>
      {flags.isError && (
        <Alert color="red" role="alert">
          {failureReason(flags.error)}
        </Alert>
      )}
      {flags.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : flags.data?.length === 0 ? (
        <Text>{t('flags.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {(flags.data ?? []).map((flag) => (
            <Paper
              key={flag.id}
              withBorder
              p="md"
              radius="md"
              component="article"
              aria-label={flag.voterCardNumber}
            >
              <Stack gap="xs">
                <Text fw={700}>{t('flags.cardClaimedTwice', { card: flag.voterCardNumber })}</Text>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
                  <Fact label={t('flags.onRollAs')} value={flag.voterName} />
                  <Fact label={t('flags.holder')} value={flag.holderName ?? '—'} />
                  <Fact label={t('flags.claimant')} value={flag.claimantName ?? '—'} />
                  <Fact label={t('columns.time')} value={formatDateTime(new Date(flag.createdAt))} />
                </SimpleGrid>
                <div>
                  <Button
                    variant="light"
                    h={44}
                    onClick={() => {
                      resolve.reset();
                      setResolving(flag);
                    }}
                  >
                    {t('flags.resolve')}
                  </Button>
                </div>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ReasonDialog
        opened={resolving !== null}
        title={t('flags.resolveTitle')}
        summary={t('flags.resolveSummary', { card: resolving?.voterCardNumber ?? '' })}
        label={t('flags.note')}
        submitLabel={t('flags.resolve')}
        color="blue"
        busy={resolve.isPending}
        error={resolve.error}
        onClose={() => setResolving(null)}
        onSubmit={(note) => resolving && resolve.mutate({ id: resolving.id, note })}
      />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}
