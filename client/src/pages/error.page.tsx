import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The error boundary: something failed while rendering; the citizen gets a way forward, not a blank page. */
export function ErrorPage() {
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
        <Title order={1}>{notFound ? 'Page Not Found' : 'Something went wrong'}</Title>
        <Text>
          {chunkFailed
            ? 'Part of the page could not be downloaded. Please check your internet connection and try again.'
            : 'This page could not be shown. Please try again; if it keeps happening, come back later.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          {/* A plain link: the router itself may be what failed. */}
          <Button component="a" href="/" variant="default">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
