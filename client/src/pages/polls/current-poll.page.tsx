import { Stack } from '@mantine/core';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { CurrentPoll } from './CurrentPoll';
import { PollBackLink } from './PollBackLink';

/** /polls/presidential: this month's presidential opinion poll, its ballot and results. */
export function CurrentPollPage() {
  usePageMeta(
    'Presidential Opinion Poll',
    "Vote in this month's presidential opinion poll: one vote per citizen per month, with live results for voters.",
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
