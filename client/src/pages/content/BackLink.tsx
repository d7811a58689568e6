import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A back link with a 44 px touch target. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
    >
      <IconArrowLeft size={16} aria-hidden /> {children}
    </Anchor>
  );
}
