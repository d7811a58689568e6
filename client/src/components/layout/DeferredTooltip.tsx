import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltip-impl'));

/**
 * Mantine's Tooltip, whose code (with floating-ui) downloads only when a tooltip is first shown on the page
 * (the header's account button, for signed-in readers), not with every first visit. Until then the
 * target renders alone.
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
