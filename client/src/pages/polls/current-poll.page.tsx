import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { CurrentPoll } from './CurrentPoll';
import { PollBackLink } from './PollBackLink';

/** /polls/presidential: this month's presidential opinion poll, its ballot and results. */
export function CurrentPollPage() {
  const { t } = useTranslation('polls');
  usePageMeta(t('current.title'), t('current.metaDescription'));
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <PollBackLink />
        <CurrentPoll />
      </Stack>
    </PageContainer>
  );
}

/** The route table's name for this page (lib/route.ts). */
export { CurrentPollPage as Component };
