import { useParams } from 'react-router';
import { isMissingCode } from '../../components/elections/query-errors';
import type { PageData, PageNotFound } from '../../lib/page-data';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
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

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['polls', 'errors'], pageData, notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(PollDetailPage);
