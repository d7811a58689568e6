import { Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWriting } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ContentText, MissingLanguages, useContentText } from '../../../components/content/ContentText';
import { notifyFailure } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { PollStatusBadge } from '../../polls/PollStatusBadge';
import { formatPollDay, formatPollMonth } from '../../polls/poll-format';
import { CreatePollDialog } from './CreatePollDialog';
import { PollStatusActions } from './PollStatusActions';

/** /admin/polls: every poll (drafts too), newest first, with create, publish, close and delete. */
export function AdminPollsPage() {
  const { t } = useTranslation('adminPolls');
  const contentText = useContentText();
  usePageMeta(t('list.metaTitle'), t('list.metaDescription'));
  const trpc = useTRPC();
  const navigate = useNavigate();
  const list = useQuery(trpc.polls.list.queryOptions());
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (list.error) notifyFailure(t('list.loadFailed'), list.error);
  }, [list.error, t]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} mih={44} onClick={() => setCreating(true)}>
          {t('list.create')}
        </Button>
      </Group>

      {list.isPending ? (
        <Stack gap="sm">
          {['first', 'second', 'third'].map((slot) => (
            <Skeleton key={slot} h={112} radius="md" />
          ))}
        </Stack>
      ) : list.data?.length === 0 ? (
        <EmptyState icon={<IconWriting size={32} aria-hidden />} title={t('list.empty')} />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('list.ariaLabel')}
        >
          {list.data?.map((poll) => (
            <Paper key={poll.id} component="li" withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      <ContentText text={poll.titleText} />
                    </Text>
                    <MissingLanguages texts={[poll.titleText]} />
                    <Text size="sm" c="dimmed">
                      {t('span', {
                        month: formatPollMonth(poll.monthYear),
                        opens: formatPollDay(poll.opensAt),
                        closes: formatPollDay(poll.closesAt),
                      })}
                    </Text>
                  </div>
                  <Group gap={6}>
                    <Badge variant="outline" color="gray">
                      {t(`type.${poll.electionType}`)}
                    </Badge>
                    <PollStatusBadge status={poll.status} />
                  </Group>
                </Group>
                <Group gap="xs" justify="space-between">
                  <Button
                    component={Link}
                    to={`/admin/polls/${poll.id}`}
                    variant="light"
                    mih={44}
                    aria-label={t('list.manageOf', { title: contentText(poll.titleText) })}
                  >
                    {t('list.manage')}
                  </Button>
                  <PollStatusActions poll={poll} />
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      {creating && (
        <CreatePollDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(`/admin/polls/${id}`)}
        />
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminPolls', 'eligibility', 'polls'] });

export default routeComponent(AdminPollsPage);
