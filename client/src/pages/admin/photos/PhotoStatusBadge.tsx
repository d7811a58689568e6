import { Badge } from '@mantine/core';
import type { PhotoJobStatus, PhotoStatus } from '@shared/member-photos';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PhotoStatus | PhotoJobStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};

/** A photo's or a job's status, in the word the database uses or its Somali, coloured by outcome. */
export function PhotoStatusBadge({ status }: { status: PhotoStatus | PhotoJobStatus }) {
  const { t } = useTranslation('adminPhotos');
  return (
    <Badge color={COLORS[status]} variant="light" tt="none">
      {t(`photoStatus.${status}`)}
    </Badge>
  );
}
