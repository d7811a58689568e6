import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { HOP_POSITIONS } from '@shared/hop-positions';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ElectionFormValues, emptyBallotRow } from './election-form';

const HOP_OPTIONS = [...HOP_POSITIONS];

/** The create form's candidate list: name, party, position; a row can go only while another remains. */
export function BallotFields({
  form,
  disabled,
}: {
  form: UseFormReturnType<ElectionFormValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation('adminElections');
  const rows = form.values.candidates;
  const lowerHouse = form.values.electionType === 'Lower House';
  const listError = form.errors.candidates;

  return (
    <Fieldset legend={t('ballot.legend')} aria-describedby={listError ? 'ballot-error' : undefined}>
      <Stack gap="md">
        {rows.map((row, index) => {
          const label = t('ballot.candidate', { number: index + 1 });
          return (
            <Stack key={row.key} gap="xs" role="group" aria-label={label}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                {rows.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={t('ballot.remove', { number: index + 1 })}
                    disabled={disabled}
                    onClick={() => form.removeListItem('candidates', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <TextInput
                label={t('ballot.name')}
                required
                disabled={disabled}
                {...form.getInputProps(`candidates.${index}.name`)}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={t('ballot.party')}
                  disabled={disabled}
                  {...form.getInputProps(`candidates.${index}.party`)}
                />
                <TextInput
                  label={t('ballot.partySo')}
                  lang="so"
                  disabled={disabled}
                  {...form.getInputProps(`candidates.${index}.partySo`)}
                />
                {lowerHouse ? (
                  <Select
                    label={t('ballot.positionHop')}
                    data={HOP_OPTIONS}
                    searchable
                    clearable
                    nothingFoundMessage={t('ballot.hopNothingFound')}
                    disabled={disabled}
                    {...form.getInputProps(`candidates.${index}.positionSought`)}
                    value={row.positionSought || null}
                    onChange={(value) =>
                      form.setFieldValue(`candidates.${index}.positionSought`, value ?? '')
                    }
                  />
                ) : (
                  <>
                    <TextInput
                      label={t('ballot.position')}
                      disabled={disabled}
                      {...form.getInputProps(`candidates.${index}.positionSought`)}
                    />
                    <TextInput
                      label={t('ballot.positionSo')}
                      lang="so"
                      disabled={disabled}
                      {...form.getInputProps(`candidates.${index}.positionSoughtSo`)}
                    />
                  </>
                )}
              </SimpleGrid>
            </Stack>
          );
        })}
        {listError && (
          <Text id="ballot-error" c="red" size="sm" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            h={44}
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={disabled}
            onClick={() => form.insertListItem('candidates', emptyBallotRow())}
          >
            {t('ballot.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
