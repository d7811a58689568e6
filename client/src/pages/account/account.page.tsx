import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isStaffUser } from '../../components/layout/navigation';
import { PageContainer } from '../../components/PageContainer';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { formatPhoneNumber } from '../../lib/phone';
import { routeComponent } from '../../lib/route-component';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ContactSection } from './ContactSection';
import { SignOutEverywhere } from './SignOutEverywhere';
import { TwoFactorSection } from './TwoFactorSection';
import { VoterRegistration } from './voter-registration/VoterRegistration';

/**
 * /account: the signed-in user's contacts (adding or changing a phone number), place on the voter roll, password, signing out everywhere and, for staff
 * accounts, two-factor sign-in.
 */
export function AccountPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('meta.title'), t('meta.description'));
  const { loading, user } = useAuth();

  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('page.loading')} />
      </Center>
    );
  }
  if (!user) {
    return (
      <PageContainer size="sm">
        <Alert color="yellow" title={t('page.authRequired')} role="status">
          <Text mb="sm">{t('page.pleaseSignIn')}</Text>
          <Button component={Link} to="/auth">
            {t('page.signIn')}
          </Button>
        </Alert>
      </PageContainer>
    );
  }

  return (
    <PageContainer size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            <Trans
              t={t}
              i18nKey="page.signedInAs"
              values={{ email: user.email ?? formatPhoneNumber(user.phone ?? '') }}
              components={{ 1: <strong /> }}
            />
          </Text>
        </div>
        <ContactSection user={user} />
        <VoterRegistration />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <ChangePasswordForm />
        </Paper>
        <TwoFactorSection isStaff={isStaffUser(user)} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <SignOutEverywhere />
        </Paper>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['account', 'auth', 'errors'] });

export default routeComponent(AccountPage);
