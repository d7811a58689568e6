import { Code, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { useTranslation } from 'react-i18next';

type Route = RouterOutputs['openData']['catalogue']['api'][number];

/**
 * One route of the API as the OpenAPI document describes it (the server reads the document; nothing here is
 * a second list). Summaries and parameters are said in the reader's language where the page has the words,
 * else as the document says them; fields are the answer's own names and types.
 */
function RouteReference({ route }: { route: Route }) {
  const { t, i18n } = useTranslation('openData');
  const summaryKey = `route.${route.operationId}`;
  const summary = i18n.exists(summaryKey, { ns: 'openData' })
    ? t(summaryKey as 'route.members')
    : route.summary;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`GET ${route.path}`}>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          <Code fz="sm">GET {route.path}</Code>
        </Title>
        <Text size="sm">{summary}</Text>
        <Text size="sm" fw={600}>
          {t('parameters')}
        </Text>
        {route.parameters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noParameters')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {route.parameters.map((parameter) => {
              const key = `param.${parameter.name}`;
              const said = i18n.exists(key, { ns: 'openData' })
                ? t(key as 'param.id')
                : (parameter.description ?? '');
              return (
                <List.Item key={`${parameter.in}-${parameter.name}`}>
                  <Code>{parameter.name}</Code> ({parameter.in},{' '}
                  {parameter.required ? t('required') : t('optional')}) {said}
                </List.Item>
              );
            })}
          </List>
        )}
        {route.fields.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {route.paged ? t('pagedFields') : t('fields')}
            </Text>
            <Table.ScrollContainer minWidth={320}>
              <Table striped fz="sm" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('field')}</Table.Th>
                    <Table.Th>{t('type')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {route.fields.map((field) => (
                    <Table.Tr key={field.name}>
                      <Table.Td>
                        <Code>{field.name}</Code>
                      </Table.Td>
                      <Table.Td>{field.type}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function ApiReference({ routes }: { routes: Route[] }) {
  return (
    <Stack gap="md">
      {routes.map((route) => (
        <RouteReference key={route.path} route={route} />
      ))}
    </Stack>
  );
}
