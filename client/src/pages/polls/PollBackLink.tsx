import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Back to the polls list, with a 44 px touch target. */
export function PollBackLink({
  to = '/polls/presidential/history',
  children,
}: {
  to?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('polls');
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4, minHeight: 44, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden /> {children ?? t('allPolls')}
    </Anchor>
  );
}
