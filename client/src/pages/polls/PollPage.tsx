import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../components/content/ContentText';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { PollBackLink } from './PollBackLink';
import type { PollView } from './PollCandidateList';
import { PollLoading, PollNotFound } from './PollLoadStates';
import { PollPanel } from './PollPanel';
import { usePollView } from './use-poll-view';

interface PollPageProps {
  pollId: string;
  /** The toast when the poll fails to load (docs/product.md#messages-and-empty-states). */
  failureTitle: string;
  /** The page's title and description for this poll (its title, or a placeholder while it loads). */
  meta(poll: { title: string; status: PollView['poll']['status'] }): { title: string; description: string };
}

/** A page for one poll by id: the poll panel, or its loading and not-found states. */
export function PollPage({ pollId, failureTitle, meta }: PollPageProps) {
  const { t } = useTranslation('polls');
  const { view, notFound } = usePollView(pollId, failureTitle);
  const contentText = useContentText();
  const poll = view.data?.poll;
  const { title, description } = meta(
    poll
      ? { title: contentText(poll.titleText), status: poll.status }
      : { title: t('view.fallbackTitle'), status: 'open' },
  );
  usePageMeta(title, description);

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <PollBackLink />
        {view.data ? (
          <PollPanel view={view.data} query={view} />
        ) : notFound ? (
          <PollNotFound />
        ) : (
          view.isPending && <PollLoading />
        )}
      </Stack>
    </PageContainer>
  );
}
