import { useTranslation } from 'react-i18next';
import { PollPage } from './PollPage';

/**
 * /results/{pollId} and /polls/presidential/history/{id} (docs/product.md#poll-pages: the poll history view): final
 * results of a closed poll for everyone; for an open one, results once the reader has voted, and the ballot before.
 */
export function PollResultsView({ pollId }: { pollId: string }) {
  const { t } = useTranslation('polls');
  return (
    <PollPage
      pollId={pollId}
      failureTitle={t('results.failed')}
      // A closed poll's link shares its results; an open one's, the poll to vote in.
      meta={(poll) =>
        poll.status === 'closed'
          ? {
              title: t('view.resultsMetaTitle', { title: poll.title }),
              description: t('view.resultsMetaDescription'),
            }
          : { title: poll.title, description: t('view.voteMetaDescription') }
      }
    />
  );
}
