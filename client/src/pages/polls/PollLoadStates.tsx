import { Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PollLoading() {
  const { t } = useTranslation('polls');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('load.loading')}>
      <Skeleton h={28} w="60%" />
      <Skeleton h={18} w="40%" />
      <Skeleton h={72} />
      <Skeleton h={220} />
    </Stack>
  );
}

/** An unknown poll id, or a draft seen by someone who is not an admin. */
export function PollNotFound() {
  const { t } = useTranslation('polls');
  return (
    <EmptyState
      icon={<IconSearch size={32} aria-hidden />}
      title={t('load.notFoundTitle')}
      description={t('load.notFoundBody')}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/polls/presidential/history" mih={44}>
          {t('allPolls')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
