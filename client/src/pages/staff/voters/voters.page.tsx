import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { searchVoterInput } from '@shared/schemas/voter-roll';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { messageText } from '../../../i18n/error-texts';
import { failureReason, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';
import { ReasonDialog } from '../ReasonDialog';
import { EntryFacts } from '../review/EntryFacts';
import { NameSearch } from './NameSearch';

/**
 * /staff/voters: find a voter by card number, or by name with a district and a status; suspend an enrolled voter
 * with a reason, or reinstate one.
 */
export function StaffVotersPage() {
  return (
    <RequireSection section="supervisor">
      <StepUpGate>
        <VotersContent />
      </StepUpGate>
    </RequireSection>
  );
}

function VotersContent() {
  const { t } = useTranslation('staff');
  usePageMeta(t('voters.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [suspending, setSuspending] = useState(false);
  const [mode, setMode] = useState<'card' | 'name'>('card');
  // An entry opened from the name search is shown under the list: it is brought into view.
  const opened = useRef<HTMLElement>(null);
  const [scrollToEntry, setScrollToEntry] = useState(false);
  const search = useQuery({
    ...trpc.supervisor.search.queryOptions({ voterCardNumber: card ?? '' }),
    enabled: card !== null,
  });
  const refresh = () => queryClient.invalidateQueries(trpc.supervisor.pathFilter());
  const suspend = useMutation(
    trpc.supervisor.suspend.mutationOptions({
      onSuccess: async () => {
        setSuspending(false);
        notifySuccess(t('voters.suspended'), t('voters.suspendedText'));
        await refresh();
      },
    }),
  );
  const reinstate = useMutation(
    trpc.supervisor.reinstate.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('voters.reinstated'), t('voters.reinstatedText'));
        await refresh();
      },
    }),
  );
  const entry = search.data;
  useEffect(() => {
    if (!scrollToEntry || !entry) return;
    opened.current?.scrollIntoView({ block: 'start' });
    opened.current?.focus();
    setScrollToEntry(false);
  }, [scrollToEntry, entry]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('voters.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('voters.lead')}
        </Text>
      </div>
      <SegmentedControl
        aria-label={t('voters.mode')}
        value={mode}
        onChange={(value) => setMode(value as 'card' | 'name')}
        data={[
          { value: 'card', label: t('voters.byCard') },
          { value: 'name', label: t('voters.byName') },
        ]}
        w={{ base: '100%', xs: 'fit-content' }}
      />
      {mode === 'card' ? (
        <form
          noValidate
          aria-label={t('voters.searchForm')}
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = searchVoterInput.safeParse({ voterCardNumber: typed });
            if (!parsed.success) {
              setInvalid(messageText(parsed.error.issues[0]?.message ?? 'roll.voterCardInvalid'));
              return;
            }
            setInvalid(null);
            reinstate.reset();
            setCard(parsed.data.voterCardNumber);
          }}
        >
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t('voters.card')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={invalid}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              w={{ base: '100%', xs: 320 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} h={44} loading={search.isFetching}>
              {t('voters.search')}
            </Button>
          </Group>
        </form>
      ) : (
        <NameSearch
          onOpen={(voterCardNumber) => {
            reinstate.reset();
            setCard(voterCardNumber);
            setScrollToEntry(true);
          }}
        />
      )}
      {search.isError && (
        <Alert color="red" role="alert">
          {failureReason(search.error)}
        </Alert>
      )}
      {mode === 'card' && card !== null && search.isSuccess && !entry && (
        <Text role="status" data-testid="voter-not-found">
          {t('voters.notFound', { card })}
        </Text>
      )}
      {entry && (
        <Paper
          ref={opened}
          tabIndex={-1}
          withBorder
          p="md"
          radius="md"
          component="article"
          aria-label={entry.fullName}
          data-testid="voter-entry"
        >
          <Stack gap="xs">
            <EntryFacts entry={entry} />
            {reinstate.isError && (
              <Alert color="red" role="alert">
                {failureReason(reinstate.error)}
              </Alert>
            )}
            {entry.status === 'enrolled' && (
              <div>
                <Button
                  color="orange"
                  h={44}
                  onClick={() => {
                    suspend.reset();
                    setSuspending(true);
                  }}
                >
                  {t('voters.suspend')}
                </Button>
              </div>
            )}
            {entry.status === 'suspended' && (
              <div>
                <Button
                  h={44}
                  loading={reinstate.isPending}
                  onClick={() => reinstate.mutate({ voterId: entry.id })}
                >
                  {t('voters.reinstate')}
                </Button>
              </div>
            )}
          </Stack>
        </Paper>
      )}
      <ReasonDialog
        opened={suspending && !!entry}
        title={t('voters.suspendTitle')}
        summary={t('voters.suspendSummary', {
          name: entry?.fullName ?? '',
          card: entry?.voterCardNumber ?? '',
        })}
        label={t('voters.reason')}
        submitLabel={t('voters.suspend')}
        color="orange"
        busy={suspend.isPending}
        error={suspend.error}
        onClose={() => setSuspending(false)}
        onSubmit={(reason) => entry && suspend.mutate({ voterId: entry.id, reason })}
      />
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['staff', 'eligibility'] });

export default routeComponent(StaffVotersPage);
