import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../components/content/ContentText';
import { PageContainer } from '../../components/PageContainer';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { CurrentPoll } from './CurrentPoll';
import { PollBackLink } from './PollBackLink';
import { currentPollQuery } from './poll-queries';

/** The first view: the poll running now with its candidates (its results come after a vote, or at the close). */
export const pageData: PageData = ({ trpc }) => [currentPollQuery(trpc)];

/** /polls/presidential: this month's presidential opinion poll, its ballot and results. */
export function CurrentPollPage() {
  const { t } = useTranslation('polls');
  const trpc = useTRPC();
  const current = useQuery(currentPollQuery(trpc));
  // A shared link names the poll ("Presidential Opinion Poll – November 2026").
  const contentText = useContentText();
  usePageMeta(
    current.data ? contentText(current.data.poll.titleText) : t('current.title'),
    t('current.metaDescription'),
  );
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <PollBackLink />
        <CurrentPoll />
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['polls', 'eligibility', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(CurrentPollPage);
