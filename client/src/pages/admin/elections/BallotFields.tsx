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
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { HOP_POSITIONS } from '../../../../../shared/hop-positions';
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
  const rows = form.values.candidates;
  const lowerHouse = form.values.electionType === 'Lower House';
  const listError = form.errors.candidates;

  return (
    <Fieldset legend="Candidates" aria-describedby={listError ? 'ballot-error' : undefined}>
      <Stack gap="md">
        {rows.map((row, index) => {
          const label = `Candidate ${index + 1}`;
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
                    aria-label={`Remove ${label}`}
                    disabled={disabled}
                    onClick={() => form.removeListItem('candidates', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <TextInput
                label="Name"
                required
                disabled={disabled}
                {...form.getInputProps(`candidates.${index}.name`)}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label="Party"
                  disabled={disabled}
                  {...form.getInputProps(`candidates.${index}.party`)}
                />
                {lowerHouse ? (
                  <Select
                    label="Position (HOP number)"
                    data={HOP_OPTIONS}
                    searchable
                    clearable
                    nothingFoundMessage="Choose from HOP#001 to HOP#275"
                    disabled={disabled}
                    {...form.getInputProps(`candidates.${index}.positionSought`)}
                    value={row.positionSought || null}
                    onChange={(value) =>
                      form.setFieldValue(`candidates.${index}.positionSought`, value ?? '')
                    }
                  />
                ) : (
                  <TextInput
                    label="Position"
                    disabled={disabled}
                    {...form.getInputProps(`candidates.${index}.positionSought`)}
                  />
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
            Add Candidate
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
