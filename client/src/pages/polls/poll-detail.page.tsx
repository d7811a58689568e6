import { useParams } from 'react-router';
import { PollResultsView } from './PollResultsView';

/** /polls/presidential/history/{id}: one poll's history view. */
export function PollDetailPage() {
  const { id = '' } = useParams();
  return <PollResultsView pollId={id} />;
}
