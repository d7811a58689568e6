import { Badge } from '@mantine/core';
import { POLL_STATUS_LABELS } from '../../../../shared/poll-rules';
import type { PollStatus } from '../../../../shared/polls';

const STATUS_COLORS: Record<PollStatus, string> = { draft: 'yellow', open: 'green', closed: 'gray' };

export function PollStatusBadge({ status }: { status: PollStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {POLL_STATUS_LABELS[status]}
    </Badge>
  );
}
