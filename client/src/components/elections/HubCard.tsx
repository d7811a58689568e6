import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import type { HubAction } from '@shared/election-rules';
import type { ElectionStatus } from '@shared/elections';
import type { EligibilityRequirement } from '@shared/eligibility';
import type { CountingMode } from '@shared/verifiable';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVoteEligibility } from '../../lib/eligibility';
import { ContentText, useContentText } from '../content/ContentText';
import { ElectionStatusBadge } from '../ElectionStatusBadge';
import { DaysLeftBadge } from './DaysLeftBadge';
import { EligibilityNotice, WhoCanVote } from './EligibilityNotice';
import { formatElectionDay } from './election-dates';
import { VerifiableMark } from './VerifiableMark';

export interface HubCardItem extends EligibilityRequirement {
  kind: 'election' | 'poll';
  id: string;
  titleText: BilingualText;
  descriptionText: BilingualText;
  status: ElectionStatus;
  startTime: Date;
  endTime: Date;
  hasVoted?: boolean;
  /** How the election is counted (polls are always counted as standard). */
  counting?: CountingMode;
}

interface ActionButton {
  label: 'actions.vote' | 'actions.results' | 'actions.details' | 'actions.viewMyVote';
  path: string;
  variant: string;
}

const ACTION_BUTTONS: Record<HubAction, ActionButton> = {
  vote: { label: 'actions.vote', path: '/vote', variant: 'filled' },
  results: { label: 'actions.results', path: '/results', variant: 'light' },
  details: { label: 'actions.details', path: '/election', variant: 'default' },
};

const VIEW_MY_VOTE: ActionButton = { label: 'actions.viewMyVote', path: '/vote', variant: 'light' };

/** One election (or poll shown as one) on the /elections hub; its buttons are the actions the server allows. */
export function HubCard({ item, actions }: { item: HubCardItem; actions: HubAction[] }) {
  const { t } = useTranslation('elections');
  const titleId = useId();
  const contentText = useContentText();
  // Only a ballot with a vote to cast asks who may vote (the roll read is shared by every card).
  const votable = actions.includes('vote') && !item.hasVoted;
  const eligibility = useVoteEligibility(item);
  const reason = votable && eligibility.known ? eligibility.reason : null;
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} fz="lg" id={titleId}>
          <ContentText text={item.titleText} />
        </Title>
        {/* The badge keeps its width; the title wraps instead. */}
        <div style={{ flex: 'none' }}>
          <ElectionStatusBadge status={item.status} />
        </div>
      </Group>
      {(item.descriptionText.en ?? item.descriptionText.so) !== null && (
        <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
          <ContentText text={item.descriptionText} />
        </Text>
      )}
      <Stack gap={2} mt="sm">
        <Text size="sm">
          <Text span fw={600}>
            {t('hub.starts')}
          </Text>{' '}
          {formatElectionDay(item.startTime)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t('hub.ends')}
          </Text>{' '}
          {formatElectionDay(item.endTime)}
        </Text>
      </Stack>
      {votable && (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <WhoCanVote requirement={item} />
        </div>
      )}
      <Group gap="xs" mt="sm">
        <DaysLeftBadge election={item} />
        {item.counting === 'verifiable' && <VerifiableMark badge />}
        {item.hasVoted && (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('hub.youVoted')}
          </Badge>
        )}
      </Group>
      <Stack gap="xs" mt="auto" pt="md">
        {reason && (
          <EligibilityNotice
            reason={reason}
            requirement={item}
            region={eligibility.known ? eligibility.region : null}
            ballot={item.kind}
            compact
          />
        )}
        {actions.map((action) => {
          // Instead of a vote button that would fail: the reason above says what to do.
          if (action === 'vote' && reason) return null;
          if (action === 'vote' && votable && !eligibility.known) {
            return <Skeleton key={action} height={44} aria-label={t('hub.loading')} />;
          }
          // Voting again is refused anyway: a voted election's vote page shows the receipt instead.
          const button = action === 'vote' && item.hasVoted ? VIEW_MY_VOTE : ACTION_BUTTONS[action];
          return (
            <Button
              key={action}
              component={Link}
              to={`${button.path}/${item.id}`}
              variant={button.variant}
              fullWidth
              h={44}
              aria-label={t('hub.actionFor', { action: t(button.label), title: contentText(item.titleText) })}
            >
              {t(button.label)}
            </Button>
          );
        })}
      </Stack>
    </Card>
  );
}
