import { EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PollListCard, type PollSummary } from './PollListCard';

/** A list of polls with its loading and empty states. */
export function PollList({
  polls,
  pending,
  emptyTitle,
  label,
}: {
  polls: PollSummary[] | undefined;
  pending: boolean;
  emptyTitle: string;
  label: string;
}) {
  const { t } = useTranslation('polls');
  if (pending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('list.loading')}>
        {['first', 'second', 'third'].map((slot) => (
          <Skeleton key={slot} h={76} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!polls) return null;
  if (polls.length === 0)
    return <EmptyState icon={<IconListSearch size={32} aria-hidden />} title={emptyTitle} />;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {polls.map((poll) => (
        <li key={poll.id}>
          <PollListCard poll={poll} />
        </li>
      ))}
    </Stack>
  );
}
