import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSection } from './TwoFactorSection';

/** /account: the signed-in user's password and, for System Admins, two-factor sign-in. */
export function AccountPage() {
  usePageMeta('Your account', 'Change your Codka password and manage two-factor sign-in.');
  const { loading, user } = useAuth();

  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your account" />
      </Center>
    );
  }
  if (!user) {
    return (
      <PageContainer size="sm">
        <Alert color="yellow" title="Authentication Required" role="status">
          <Text mb="sm">Please sign in to manage your account.</Text>
          <Button component={Link} to="/auth">
            Sign In
          </Button>
        </Alert>
      </PageContainer>
    );
  }

  return (
    <PageContainer size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>Your account</Title>
          <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            Signed in as <strong>{user.email}</strong>
          </Text>
        </div>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <ChangePasswordForm />
        </Paper>
        <TwoFactorSection isAdmin={user.isAdmin} />
      </Stack>
    </PageContainer>
  );
}
