import { useParams } from 'react-router';
import { isMissingCode } from '../../components/elections/query-errors';
import type { PageData, PageNotFound } from '../../lib/page-data';
import { PollResultsView } from './PollResultsView';
import { pollQuery } from './poll-queries';

/** The first view: the poll with its candidates and, once it has closed, its results. */
export const pageData: PageData = ({ params, trpc }) => [pollQuery(trpc, params.id ?? '')];

/** No published poll by that id (unknown, a draft, not an id): 404, with PollNotFound. */
export const notFound: PageNotFound = ({ params, trpc, answer }) =>
  isMissingCode(answer(pollQuery(trpc, params.id ?? '')).failedWith);

/** /polls/presidential/history/{id}: one poll's history view. */
export function PollDetailPage() {
  const { id = '' } = useParams();
  return <PollResultsView pollId={id} />;
}

/** The route table's name for this page (lib/route.ts). */
export { PollDetailPage as Component };
