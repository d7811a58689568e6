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
import { settingsInput, THEME_CHOICES } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { MarkersEditor } from './MarkersEditor';
import {
  EMPTY_SETTINGS,
  type SettingsValues,
  toFormValues,
  toSettingsInput,
  validateSettings,
} from './settings-form';

const THEME_LABELS = { light: 'theme.light', dark: 'theme.dark', system: 'theme.system' } as const;

/** /admin/settings: the public map's configuration (docs/product.md#admin-settings) and the site's default theme. */
export function AdminSettingsPage() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta(t('settings.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.settings.get.queryOptions());
  const form = useForm<SettingsValues>({
    initialValues: EMPTY_SETTINGS,
    validate: (values) => validateSettings(values, t('settings.enterNumber')),
  });

  useEffect(() => {
    if (settings.error) notifyFailure(t('settings.loadFailed'), settings.error);
  }, [settings.error, t]);
  // The form starts from the saved settings once they arrive (and not again, so typing is never overwritten).
  useEffect(() => {
    if (settings.data && !form.initialized) form.initialize(toFormValues(settings.data));
  }, [settings.data, form]);

  const save = useMutation(
    trpc.admin.settings.save.mutationOptions({
      onSuccess: async (saved) => {
        notifySuccess(t('settings.saved'), t('settings.savedBody'));
        queryClient.setQueryData(trpc.admin.settings.get.queryKey(), saved);
        form.setInitialValues(form.getValues());
        form.resetDirty();
        await queryClient.invalidateQueries(trpc.directory.pathFilter());
      },
      onError: (error) => notifyFailure(t('settings.saveFailed'), error),
    }),
  );
  const busy = save.isPending;
  const submit = form.onSubmit((values) => save.mutate(settingsInput.parse(toSettingsInput(values))));

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed">
          <Trans
            t={t}
            i18nKey="settings.intro"
            components={[<Anchor key="map" component={Link} to="/registration-centers" />]}
          />
        </Text>
      </div>
      {/* Until the saved settings are in the form (one render after they arrive), no field to type into: the
          values would overwrite what was typed. */}
      {settings.isPending || (settings.data && !form.initialized) ? (
        <Skeleton h={420} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('settings.form')}>
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
                  {t('settings.mapHeading')}
                </Title>
                <TextInput
                  label={t('settings.tileUrl')}
                  description={t('settings.tileUrlHint')}
                  required
                  disabled={busy}
                  {...form.getInputProps('tileUrl')}
                />
                <TextInput
                  label={t('settings.attribution')}
                  required
                  disabled={busy}
                  {...form.getInputProps('attribution')}
                />
                <SimpleGrid cols={{ base: 1, xs: 3 }}>
                  <NumberInput
                    label={t('settings.defaultZoom')}
                    description={t('settings.defaultZoomHint')}
                    min={1}
                    max={18}
                    allowDecimal={false}
                    clampBehavior="none"
                    disabled={busy}
                    {...form.getInputProps('defaultZoom')}
                  />
                  <NumberInput
                    label={t('settings.centerLat')}
                    step={0.1}
                    decimalScale={6}
                    min={-90}
                    max={90}
                    disabled={busy}
                    {...form.getInputProps('centerLat')}
                  />
                  <NumberInput
                    label={t('settings.centerLng')}
                    step={0.1}
                    decimalScale={6}
                    min={-180}
                    max={180}
                    disabled={busy}
                    {...form.getInputProps('centerLng')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('settings.fallbackImage')}
                  description={t('settings.fallbackImageHint')}
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
                  {t('settings.themeHeading')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('settings.themeIntro')}
                </Text>
                <SegmentedControl
                  data={THEME_CHOICES.map((value) => ({ value, label: t(`common:${THEME_LABELS[value]}`) }))}
                  disabled={busy}
                  aria-label={t('settings.themeHeading')}
                  {...form.getInputProps('defaultTheme')}
                />
              </Stack>
            </Paper>

            <Group>
              <Button type="submit" loading={busy}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminSettingsPage);
