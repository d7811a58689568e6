import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import type { PageNotFound } from '../lib/page-data';
import { usePageMeta } from '../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../lib/page-route';
import { routeComponent } from '../lib/route-component';

/** An address no route names: always 404. */
export const notFound: PageNotFound = () => true;

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'), t('notFound.description'));
  const { pathname } = useLocation();
  return (
    <PageContainer size="sm">
      <Stack align="flex-start">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>
          <Trans i18nKey="notFound.body" values={{ path: pathname }} components={[<code key="path" />]} />
        </Text>
        <Group>
          <Button component={Link} to="/">
            {t('notFound.backHome')}
          </Button>
          <Button component={Link} to="/help" variant="default">
            {t('notFound.help')}
          </Button>
        </Group>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['errors'], notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(NotFoundPage);
