import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { ContentText, MissingLanguages, useContentText } from '../../../components/content/ContentText';
import { formatNumber } from '../../../i18n/format';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { PollCandidateList } from '../../polls/PollCandidateList';
import { PollLoading, PollNotFound } from '../../polls/PollLoadStates';
import { PollStatusBadge } from '../../polls/PollStatusBadge';
import { formatPollDateTime, formatPollMonth } from '../../polls/poll-format';
import { usePollView } from '../../polls/use-poll-view';
import { AddCandidateForm } from './AddCandidateForm';
import { PollStatusActions } from './PollStatusActions';
import { PollVotesTable } from './PollVotesTable';

/** /admin/polls/{id}: one poll's candidates (and adding them), its status actions, and its votes. */
export function AdminPollPage() {
  const { t } = useTranslation('adminPolls');
  const contentText = useContentText();
  const { pollId = '' } = useParams();
  const navigate = useNavigate();
  const { view, notFound } = usePollView(pollId, t('list.loadFailed'));
  const poll = view.data?.poll;
  usePageMeta(
    poll ? t('manage.metaTitle', { title: contentText(poll.titleText) }) : t('manage.metaTitleBare'),
    t('manage.metaDescription'),
  );

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to="/admin/polls"
        size="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4, minHeight: 44, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden /> {t('manage.allPolls')}
      </Anchor>
      {!view.data || !poll ? (
        notFound ? (
          <PollNotFound />
        ) : (
          view.isPending && <PollLoading />
        )
      ) : (
        <>
          <div>
            <Group gap="xs" mb={4}>
              <PollStatusBadge status={poll.status} />
              <Badge variant="outline" color="gray">
                {t(`type.${poll.electionType}`)}
              </Badge>
            </Group>
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              <ContentText text={poll.titleText} />
            </Title>
            <MissingLanguages texts={[poll.titleText]} />
            <Text c="dimmed">
              {t('span', {
                month: formatPollMonth(poll.monthYear),
                opens: formatPollDateTime(poll.opensAt),
                closes: formatPollDateTime(poll.closesAt),
              })}
            </Text>
            <Group mt="sm" gap="xs" justify="space-between">
              <Anchor
                component={Link}
                to={`/polls/presidential/history/${poll.id}`}
                mih={44}
                display="inline-flex"
                style={{ alignItems: 'center' }}
              >
                {t('manage.viewPublic')}
              </Anchor>
              <PollStatusActions poll={poll} onDeleted={() => navigate('/admin/polls', { replace: true })} />
            </Group>
          </div>

          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="candidates-heading"
          >
            <Stack>
              <Title order={2} fz="h3" id="candidates-heading">
                {t('manage.candidates', { number: formatNumber(view.data.candidates.length) })}
              </Title>
              <PollCandidateList candidates={view.data.candidates} />
              {poll.status !== 'closed' && <AddCandidateForm pollId={poll.id} />}
            </Stack>
          </Paper>

          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="votes-heading"
          >
            <StepUpGate within="section">
              <PollVotesTable pollId={poll.id} />
            </StepUpGate>
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminPolls', 'polls'] });

export default routeComponent(AdminPollPage);
