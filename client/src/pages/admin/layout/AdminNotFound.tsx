import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';

export function AdminNotFoundPage() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta(t('notFound.pageTitle'));
  const { pathname } = useLocation();
  return (
    <Stack align="flex-start" maw={560}>
      <Title order={1}>{t('common:notFound.title')}</Title>
      <Text>
        <Trans t={t} i18nKey="notFound.body" values={{ path: pathname }} components={[<code key="path" />]} />
      </Text>
      <Button component={Link} to="/admin">
        {t('notFound.backToDashboard')}
      </Button>
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminNotFoundPage);
