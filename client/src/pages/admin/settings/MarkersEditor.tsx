import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newMarker, type SettingsValues } from './settings-form';

/** The map's extra markers (name and position), added and removed in place. */
export function MarkersEditor({
  form,
  disabled,
}: {
  form: UseFormReturnType<SettingsValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const markers = form.values.markers;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('settings.markers')}
      </Text>
      {markers.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('settings.noMarkers')}
        </Text>
      )}
      {markers.map((marker, index) => (
        <Group key={marker.key} align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('settings.markerName')}
            required
            disabled={disabled}
            style={{ flex: '2 1 180px' }}
            {...form.getInputProps(`markers.${index}.name`)}
          />
          <NumberInput
            label={t('general.latitude')}
            step={0.1}
            decimalScale={6}
            min={-90}
            max={90}
            disabled={disabled}
            style={{ flex: '1 1 110px' }}
            {...form.getInputProps(`markers.${index}.latitude`)}
          />
          <NumberInput
            label={t('general.longitude')}
            step={0.1}
            decimalScale={6}
            min={-180}
            max={180}
            disabled={disabled}
            style={{ flex: '1 1 110px' }}
            {...form.getInputProps(`markers.${index}.longitude`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={36}
            disabled={disabled}
            aria-label={t('settings.removeMarker', { name: marker.name || index + 1 })}
            onClick={() => form.removeListItem('markers', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => form.insertListItem('markers', newMarker())}
        >
          {t('settings.addMarker')}
        </Button>
      </Group>
    </Stack>
  );
}
