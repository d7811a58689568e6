import { Anchor, Button, Container, Divider, Paper, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  usePageMeta(
    'Sign In',
    'Sign in or create a Codka account to vote in elections and the monthly presidential poll.',
  );
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'signup' ? 'signup' : 'signin';

  return (
    <Container size={460} py="xl">
      <Anchor
        component={Link}
        to="/"
        size="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
      >
        <IconArrowLeft size={16} aria-hidden /> Back to Home
      </Anchor>
      <Title order={1} mt="sm" mb="xs">
        {tab === 'signup' ? 'Create your account' : 'Sign in to Codka'}
      </Title>
      <Text c="dimmed" mb="lg">
        Signed-in citizens can vote in active elections and in the monthly presidential opinion poll.
      </Text>
      {user && (
        <Text size="sm" mb="md" role="status">
          You are signed in as <strong>{user.email}</strong>.
        </Text>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
        <Divider my="lg" label="Electoral staff" labelPosition="center" />
        <Button
          component={Link}
          to="/admin/login"
          variant="default"
          fullWidth
          leftSection={<IconShieldLock size={18} aria-hidden />}
        >
          Admin Login
        </Button>
      </Paper>
    </Container>
  );
}
