import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { searchByNameInput } from '@shared/schemas/voter-roll';
import { VOTER_STATUSES, type VoterStatus } from '@shared/voter-roll';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { messageText } from '../../../i18n/error-texts';
import { failureReason } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { VoterStatusBadge } from '../VoterStatusBadge';

interface Search {
  name: string;
  districtId?: string;
  status?: VoterStatus;
}

/**
 * The roll by name: the words of a name in any order, a district and a status to narrow it, 20 a page. Choosing
 * an entry opens it as the card search does (`onOpen` with its card number), with its suspend or reinstate.
 */
export function NameSearch({ onOpen }: { onOpen(voterCardNumber: string): void }) {
  const { t } = useTranslation('staff');
  const regionName = useRegionName();
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [districtId, setDistrictId] = useState<string | null>(null);
  const [status, setStatus] = useState<VoterStatus | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [search, setSearch] = useState<Search | null>(null);
  // The cursors of the pages before this one (the first page has none), for Previous.
  const [cursors, setCursors] = useState<number[]>([]);
  const after = cursors.at(-1);
  const districts = useQuery(trpc.supervisor.districts.queryOptions());
  const results = useQuery({
    ...trpc.supervisor.searchByName.queryOptions({ ...(search ?? { name: '' }), after }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
  const page = results.data;
  const pageNumber = cursors.length + 1;

  return (
    <Stack gap="md">
      <form
        noValidate
        aria-label={t('voters.nameForm')}
        onSubmit={(event) => {
          event.preventDefault();
          const asked = {
            name,
            ...(districtId ? { districtId } : {}),
            ...(status ? { status } : {}),
          };
          const parsed = searchByNameInput.safeParse(asked);
          if (!parsed.success) {
            setInvalid(messageText(parsed.error.issues[0]?.message ?? 'roll.nameSearchInvalid'));
            return;
          }
          setInvalid(null);
          setCursors([]);
          setSearch(asked);
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('voters.name')}
            description={t('voters.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={invalid}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            w={{ base: '100%', sm: 420 }}
          />
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('voters.district')}
              placeholder={t('voters.anyDistrict')}
              data={(districts.data ?? []).map((district) => ({
                value: district.id,
                label: `${district.name}, ${regionName(district.region)}`,
              }))}
              value={districtId}
              onChange={setDistrictId}
              searchable
              clearable
              nothingFoundMessage={t('voters.noDistrict')}
              w={{ base: '100%', xs: 260 }}
            />
            <Select
              label={t('voters.status')}
              placeholder={t('voters.anyStatus')}
              data={VOTER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              value={status}
              onChange={(value) => setStatus(value as VoterStatus | null)}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Button type="submit" h={44} loading={results.isFetching}>
              {t('voters.search')}
            </Button>
          </Group>
        </Stack>
      </form>
      {results.isError && (
        <Alert color="red" role="alert">
          {failureReason(results.error)}
        </Alert>
      )}
      {search && page && (
        <Stack gap="xs" component="section" aria-label={t('voters.results')}>
          <Text role="status" size="sm" c="dimmed">
            {page.entries.length === 0
              ? t('voters.noneByName')
              : t('voters.resultsPage', { page: pageNumber, count: page.entries.length })}
          </Text>
          {page.entries.map((entry) => (
            <Paper
              key={entry.id}
              withBorder
              p="sm"
              radius="md"
              component="article"
              aria-label={entry.fullName}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.fullName}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {entry.voterCardNumber} · {entry.districtName}, {regionName(entry.region)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <VoterStatusBadge status={entry.status} />
                  <Button
                    variant="light"
                    h={44}
                    onClick={() => onOpen(entry.voterCardNumber)}
                    aria-label={t('voters.openEntry', { name: entry.fullName })}
                  >
                    {t('voters.open')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
          {(cursors.length > 0 || page.nextAfter !== null) && (
            <Group gap="xs">
              <Button
                variant="default"
                h={44}
                disabled={cursors.length === 0}
                onClick={() => setCursors((before) => before.slice(0, -1))}
              >
                {t('voters.previous')}
              </Button>
              <Button
                variant="default"
                h={44}
                disabled={page.nextAfter === null}
                onClick={() =>
                  page.nextAfter !== null && setCursors((before) => [...before, page.nextAfter as number])
                }
              >
                {t('voters.next')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
