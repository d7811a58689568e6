import { Badge } from '@mantine/core';
import type { PhotoJobStatus, PhotoStatus } from '../../../../../shared/member-photos';

const COLORS: Record<PhotoStatus | PhotoJobStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};

/** A photo's or a job's status, in the word the database uses (SPEC §3), coloured by outcome. */
export function PhotoStatusBadge({ status }: { status: PhotoStatus | PhotoJobStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none">
      {status}
    </Badge>
  );
}
