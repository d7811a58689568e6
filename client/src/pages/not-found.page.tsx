import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('Page Not Found');
  const { pathname } = useLocation();
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text>
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </Text>
        <Group>
          <Button component={Link} to="/">
            Back to Home
          </Button>
          <Button component={Link} to="/help" variant="default">
            Help
          </Button>
        </Group>
      </Stack>
    </PageContainer>
  );
}
