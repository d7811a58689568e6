import { useTranslation } from 'react-i18next';
import { PollPage } from './PollPage';

/**
 * /vote/{pollId} (docs/product.md#poll-pages: the current poll view): the ballot, then results once the citizen has
 * voted.
 */
export function PollVoteView({ pollId }: { pollId: string }) {
  const { t } = useTranslation('polls');
  return (
    <PollPage
      pollId={pollId}
      failureTitle={t('current.failed')}
      meta={(poll) => ({
        title: t('view.voteMetaTitle', { title: poll.title }),
        description: t('view.voteMetaDescription'),
      })}
    />
  );
}
