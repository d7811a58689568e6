import { useParams } from 'react-router';
import { PollResultsView } from './PollResultsView';

/** /polls/presidential/history/{id}: one poll's history view. */
export function PollDetailPage() {
  const { id = '' } = useParams();
  return <PollResultsView pollId={id} />;
}

/** The route table's name for this page (lib/route.ts). */
export { PollDetailPage as Component };
