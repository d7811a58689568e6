import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { settingsInput, THEME_CHOICES } from '../../../../../shared/schemas/admin';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { MarkersEditor } from './MarkersEditor';
import {
  EMPTY_SETTINGS,
  type SettingsValues,
  toFormValues,
  toSettingsInput,
  validateSettings,
} from './settings-form';

const THEME_LABELS = { light: 'Light', dark: 'Dark', system: 'System' } as const;

/** /admin/settings: the public map's configuration (SPEC §2) and the site's default theme. */
export function AdminSettingsPage() {
  usePageMeta('Settings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.settings.get.queryOptions());
  const form = useForm<SettingsValues>({ initialValues: EMPTY_SETTINGS, validate: validateSettings });

  useEffect(() => {
    if (settings.error) notifyFailure('Failed to load map settings', settings.error);
  }, [settings.error]);
  // The form starts from the saved settings once they arrive (and not again, so typing is never overwritten).
  useEffect(() => {
    if (settings.data && !form.initialized) form.initialize(toFormValues(settings.data));
  }, [settings.data, form]);

  const save = useMutation(
    trpc.admin.settings.save.mutationOptions({
      onSuccess: async (saved) => {
        notifySuccess('Settings saved', 'Map settings saved successfully');
        queryClient.setQueryData(trpc.admin.settings.get.queryKey(), saved);
        form.setInitialValues(form.getValues());
        form.resetDirty();
        await queryClient.invalidateQueries(trpc.directory.pathFilter());
      },
      onError: (error) => notifyFailure('Failed to save map settings', error),
    }),
  );
  const busy = save.isPending;
  const submit = form.onSubmit((values) => save.mutate(settingsInput.parse(toSettingsInput(values))));

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">
          The public{' '}
          <Anchor component={Link} to="/registration-centers">
            registration centers map
          </Anchor>{' '}
          uses these settings.
        </Text>
      </div>
      {settings.isPending ? (
        <Skeleton h={420} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Settings">
          <Stack gap="lg">
            <Paper
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              radius="md"
              component="section"
              aria-labelledby="map-heading"
            >
              <Stack>
                <Title order={2} fz="h3" id="map-heading">
                  Map configuration
                </Title>
                <TextInput
                  label="Tile URL"
                  description="https address with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                  required
                  disabled={busy}
                  {...form.getInputProps('tileUrl')}
                />
                <TextInput
                  label="Attribution"
                  required
                  disabled={busy}
                  {...form.getInputProps('attribution')}
                />
                <SimpleGrid cols={{ base: 1, xs: 3 }}>
                  <NumberInput
                    label="Default zoom"
                    description="1 (world) to 18 (street)"
                    min={1}
                    max={18}
                    allowDecimal={false}
                    clampBehavior="none"
                    disabled={busy}
                    {...form.getInputProps('defaultZoom')}
                  />
                  <NumberInput
                    label="Centre latitude"
                    step={0.1}
                    decimalScale={6}
                    min={-90}
                    max={90}
                    disabled={busy}
                    {...form.getInputProps('centerLat')}
                  />
                  <NumberInput
                    label="Centre longitude"
                    step={0.1}
                    decimalScale={6}
                    min={-180}
                    max={180}
                    disabled={busy}
                    {...form.getInputProps('centerLng')}
                  />
                </SimpleGrid>
                <TextInput
                  label="Fallback image URL"
                  description="Shown instead of the map when its tiles cannot load (optional)"
                  disabled={busy}
                  {...form.getInputProps('fallbackImageUrl')}
                />
                <MarkersEditor form={form} disabled={busy} />
              </Stack>
            </Paper>

            <Paper
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              radius="md"
              component="section"
              aria-labelledby="theme-heading"
            >
              <Stack gap="xs">
                <Title order={2} fz="h3" id="theme-heading">
                  Default theme
                </Title>
                <Text size="sm" c="dimmed">
                  For visitors who have not chosen a theme themselves.
                </Text>
                <SegmentedControl
                  data={THEME_CHOICES.map((value) => ({ value, label: THEME_LABELS[value] }))}
                  disabled={busy}
                  aria-label="Default theme"
                  {...form.getInputProps('defaultTheme')}
                />
              </Stack>
            </Paper>

            <Group>
              <Button type="submit" loading={busy}>
                Save Settings
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
