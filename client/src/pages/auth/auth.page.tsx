import { Anchor, Button, Container, Divider, Paper, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { formatPhoneNumber } from '../../lib/phone';
import { routeComponent } from '../../lib/route-component';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('meta.title'), t('meta.description'));
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
        <IconArrowLeft size={16} aria-hidden /> {t('page.backHome')}
      </Anchor>
      <Title order={1} mt="sm" mb="xs">
        {tab === 'signup' ? t('page.signUpTitle') : t('page.signInTitle')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('page.lead')}
      </Text>
      {user && (
        <Text size="sm" mb="md" role="status">
          <Trans
            t={t}
            i18nKey="page.signedInAs"
            values={{ email: user.email ?? formatPhoneNumber(user.phone ?? '') }}
            components={{ 1: <strong /> }}
          />
        </Text>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">{t('signIn.tab')}</Tabs.Tab>
            <Tabs.Tab value="signup">{t('signUp.tab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
        <Divider my="lg" label={t('page.electoralStaff')} labelPosition="center" />
        <Button
          component={Link}
          to="/admin/login"
          variant="default"
          fullWidth
          leftSection={<IconShieldLock size={18} aria-hidden />}
        >
          {t('page.adminLogin')}
        </Button>
      </Paper>
    </Container>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['auth', 'errors'] });

export default routeComponent(AuthPage);
