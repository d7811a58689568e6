import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { formatDateTime } from '../../../i18n/format';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';
import { ReasonDialog } from '../ReasonDialog';

type FlaggedCard = RouterOutputs['supervisor']['flags']['items'][number];

/**
 * /staff/flags: flagged voter cards, one row per card with its count of open flags, newest first, 50 a page:
 * claims of a card another account holds, and cards locked after too many wrong dates of birth.
 */
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
  // Newest first: `cursor` is the previous page's nextCursor (undefined: the newest cards).
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const flags = useQuery(trpc.supervisor.flags.queryOptions({ cursor }));
  const [resolving, setResolving] = useState<FlaggedCard | null>(null);
  const resolve = useMutation(
    trpc.supervisor.resolveFlag.mutationOptions({
      onSuccess: async () => {
        setResolving(null);
        notifySuccess(t('flags.resolved'), t('flags.resolvedText'));
        await queryClient.invalidateQueries(trpc.supervisor.flags.pathFilter());
      },
    }),
  );

  const items = flags.data?.items ?? [];
  const nextCursor = flags.data?.nextCursor ?? null;
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
      ) : items.length === 0 && !flags.isError ? (
        <Text>{t('flags.empty')}</Text>
      ) : (
        <Stack gap="sm" data-testid="flagged-cards">
          {items.map((card) => (
            <FlaggedCardRow
              key={card.id}
              card={card}
              onResolve={() => {
                resolve.reset();
                setResolving(card);
              }}
            />
          ))}
          {(nextCursor || cursor) && (
            <Group gap="xs">
              {cursor && (
                <Button variant="default" onClick={() => setCursor(undefined)}>
                  {t('flags.firstPage')}
                </Button>
              )}
              {nextCursor && (
                <Button variant="default" onClick={() => setCursor(nextCursor)}>
                  {t('flags.nextPage')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
      <ReasonDialog
        opened={resolving !== null}
        title={t('flags.resolveTitle')}
        summary={t('flags.resolveSummary', {
          card: resolving?.voterCardNumber ?? '',
          count: resolving?.count ?? 0,
        })}
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

function FlaggedCardRow({ card, onResolve }: { card: FlaggedCard; onResolve(): void }) {
  const { t } = useTranslation('staff');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={card.voterCardNumber}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{t('flags.card', { card: card.voterCardNumber })}</Text>
          <Badge variant="light" color={card.count > 1 ? 'orange' : 'gray'}>
            {t('flags.count', { count: card.count })}
          </Badge>
        </Group>
        {card.kinds.map((kind) => (
          <Text key={kind} size="sm">
            {t(`flags.kind.${kind}`)}
          </Text>
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
          <Fact label={t('flags.onRollAs')} value={card.voterName} />
          <Fact label={t('flags.holder')} value={card.holderName ?? '—'} />
          <Fact
            label={t('flags.claimant')}
            value={`${card.claimantName ?? '—'}${card.claimants > 1 ? ` ${t('flags.andOthers', { count: card.claimants - 1 })}` : ''}`}
          />
          <Fact label={t('flags.latest')} value={formatDateTime(new Date(card.latestAt))} />
        </SimpleGrid>
        <div>
          <Button variant="light" h={44} onClick={onResolve}>
            {t('flags.resolve')}
          </Button>
        </div>
      </Stack>
    </Paper>
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

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['staff'] });

export default routeComponent(StaffFlagsPage);
