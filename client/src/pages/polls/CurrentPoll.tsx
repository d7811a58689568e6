import { Button, EmptyState } from '@mantine/core';
import { pollMessages } from '@shared/poll-messages';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageTexts } from '../../i18n/error-texts';
import { notifyFailure } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { PollLoading } from './PollLoadStates';
import { PollPanel } from './PollPanel';
import { currentPollQuery } from './poll-queries';

/** The presidential poll running now, or the empty state (docs/product.md#poll-pages). */
export function CurrentPoll({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation('polls');
  const trpc = useTRPC();
  const current = useQuery(currentPollQuery(trpc));
  useEffect(() => {
    if (current.error) notifyFailure(t('current.failed'), current.error);
  }, [current.error, t]);

  if (current.isPending) return <PollLoading />;
  if (current.data) return <PollPanel view={current.data} query={current} headingLevel={headingLevel} />;
  if (current.isError) return null;
  return (
    <EmptyState
      icon={<IconCalendarOff size={32} aria-hidden />}
      title={messageText(pollMessages.noActivePoll)}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/polls/history" variant="default" mih={44}>
          {t('current.pastPolls')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
