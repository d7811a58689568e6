import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

export function AdminNotFoundPage() {
  usePageMeta('Admin page not found');
  const { pathname } = useLocation();
  return (
    <Stack align="flex-start" maw={560}>
      <Title order={1}>Page Not Found</Title>
      <Text>
        There is no admin page at <code>{pathname}</code>.
      </Text>
      <Button component={Link} to="/admin">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
