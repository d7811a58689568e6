import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The error boundary: something failed while rendering; the citizen gets a way forward, not a blank page. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed to render:', error);
  }, [error]);
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start" role="alert">
        <Title order={1}>{notFound ? t('notFound.title') : t('errors.somethingWrong')}</Title>
        <Text>{chunkFailed ? t('errors.chunkFailed') : t('errors.renderFailed')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('errors.tryAgain')}</Button>
          {/* A plain link: the router itself may be what failed. */}
          <Button component="a" href="/" variant="default">
            {t('notFound.backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
