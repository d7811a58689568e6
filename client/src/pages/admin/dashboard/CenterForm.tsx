import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { DISPLAY_WEEK, type OpeningHours, type Weekday } from '@shared/opening-hours';
import { centerInput } from '@shared/schemas/centers';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { notifySuccess } from '../../../lib/notify';
import { formatPhoneNumber } from '../../../lib/phone';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import type { District } from './DistrictForm';
import { useFailureToast, useRefreshAdmin } from './dashboard-queries';

export type Center = RouterOutputs['admin']['centers']['list'][number];

interface CenterValues {
  /** The centre's name in English and in Somali, one at least (docs/decisions/021-bilingual-content.md). */
  name: string;
  nameSo: string;
  code: string;
  address: string;
  districtId: string | null;
  capacity: number | string;
  latitude: number | string;
  longitude: number | string;
  isActive: boolean;
  /** Indexed by weekday (0 Sunday): a closed day keeps its times, so ticking it again brings them back. */
  days: DayValues[];
  hoursNote: string;
  hoursNoteSo: string;
  phone: string;
  email: string;
}

interface DayValues {
  open: boolean;
  opens: string;
  closes: string;
}

const WEEK: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

function dayValues(hours: OpeningHours): DayValues[] {
  return WEEK.map((day) => {
    const opening = hours.find((entry) => entry.day === day);
    return opening
      ? { open: true, opens: opening.opens, closes: opening.closes }
      : { open: false, opens: '08:00', closes: '16:00' };
  });
}

/** The open days as the procedure takes them, Sunday first (the schema's order too). */
const openDays = (days: DayValues[]): Weekday[] => WEEK.filter((day) => days[day]?.open);

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);

function toInput({ days, ...values }: CenterValues) {
  return {
    ...values,
    capacity: numberOrNull(values.capacity),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    openingHours: openDays(days).map((day) => ({
      day,
      opens: days[day]?.opens ?? '',
      closes: days[day]?.closes ?? '',
    })),
  };
}

/**
 * The schema's sentences where the form shows them: an opening's error (`openingHours.<n>.closes`, n counting
 * open days) goes under that weekday's own time field (`days.<weekday>.closes`).
 */
function validate(values: CenterValues): Record<string, string> {
  const errors = zodValidate<unknown>(centerInput)(toInput(values));
  const open = openDays(values.days);
  return Object.fromEntries(
    Object.entries(errors).map(([key, text]) => {
      const opening = /^openingHours\.(\d+)\.(opens|closes|day)$/.exec(key);
      if (!opening) return [key, text];
      const field = opening[2] === 'day' ? 'open' : opening[2];
      return [`days.${open[Number(opening[1])]}.${field}`, text];
    }),
  );
}

interface CenterFormProps {
  center: Center | null;
  districts: District[];
  onClose(): void;
}

/** Create (center null) or edit a registration center. */
export function CenterForm({ center, districts, onClose }: CenterFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const regionName = useRegionName();
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const form = useForm<CenterValues>({
    initialValues: {
      // From each language's own text: the plain `name` is the Somali when there is no English.
      name: center?.nameText.en ?? '',
      nameSo: center?.nameText.so ?? '',
      code: center?.code ?? '',
      address: center?.address ?? '',
      districtId: center?.districtId ?? null,
      capacity: center?.capacity ?? '',
      latitude: center?.latitude ?? '',
      longitude: center?.longitude ?? '',
      isActive: center?.isActive ?? true,
      days: dayValues(center?.openingHours ?? []),
      hoursNote: center?.hoursNoteText.en ?? '',
      hoursNoteSo: center?.hoursNoteText.so ?? '',
      phone: center?.phone ? formatPhoneNumber(center.phone) : '',
      email: center?.email ?? '',
    },
    validate,
  });

  const done = async (message: string) => {
    notifySuccess(t('general.success'), message);
    await refreshAdmin();
    onClose();
  };
  const create = useMutation(
    trpc.admin.centers.create.mutationOptions({
      onSuccess: () => done(t('centers.created')),
      onError: (error) => failureToast(t('centers.createFailed'), error),
    }),
  );
  const update = useMutation(
    trpc.admin.centers.update.mutationOptions({
      onSuccess: () => done(t('centers.updated')),
      onError: (error) => failureToast(t('centers.updateFailed'), error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const input = centerInput.parse(toInput(values));
    if (center) update.mutate({ id: center.id, ...input });
    else create.mutate(input);
  });

  const title = center ? t('centers.editTitle') : t('centers.addTitle');
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={center ? t('general.saveChanges') : t('centers.add')}
    >
      <TextInput
        label={t('general.name')}
        description={t('centers.nameHint')}
        disabled={busy}
        {...form.getInputProps('name')}
      />
      <TextInput label={t('centers.nameSo')} lang="so" disabled={busy} {...form.getInputProps('nameSo')} />
      <TextInput label={t('general.code')} required disabled={busy} {...form.getInputProps('code')} />
      <TextInput label={t('centers.address')} disabled={busy} {...form.getInputProps('address')} />
      <Select
        label={t('general.district')}
        placeholder={t('centers.chooseDistrict')}
        data={districts.map((d) => ({ value: d.id, label: `${d.name} (${regionName(d.region)})` }))}
        searchable
        clearable
        nothingFoundMessage={t('centers.noDistrictMatch')}
        disabled={busy}
        {...form.getInputProps('districtId')}
      />
      <NumberInput
        label={t('centers.capacity')}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        disabled={busy}
        {...form.getInputProps('capacity')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('general.latitude')}
          step={0.1}
          decimalScale={6}
          min={-90}
          max={90}
          disabled={busy}
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label={t('general.longitude')}
          step={0.1}
          decimalScale={6}
          min={-180}
          max={180}
          disabled={busy}
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
      <Fieldset legend={t('centers.hoursTitle')} disabled={busy}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('centers.hoursHint')}
          </Text>
          {DISPLAY_WEEK.map((day) => {
            const dayName = t(`common:calendar.weekdays.${day}`);
            const open = form.values.days[day]?.open ?? false;
            return (
              <Group key={day} gap="xs" align="flex-start" wrap="wrap" data-testid={`hours-day-${day}`}>
                <Checkbox
                  label={dayName}
                  w={120}
                  mt={8}
                  {...form.getInputProps(`days.${day}.open`, { type: 'checkbox' })}
                />
                {open && (
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      type="time"
                      aria-label={t('centers.opensOn', { day: dayName })}
                      w={112}
                      {...form.getInputProps(`days.${day}.opens`)}
                    />
                    <TextInput
                      type="time"
                      aria-label={t('centers.closesOn', { day: dayName })}
                      w={112}
                      {...form.getInputProps(`days.${day}.closes`)}
                    />
                  </Group>
                )}
              </Group>
            );
          })}
          <TextInput
            label={t('centers.hoursNote')}
            description={t('centers.hoursNoteHint')}
            {...form.getInputProps('hoursNote')}
          />
          <TextInput label={t('centers.hoursNoteSo')} lang="so" {...form.getInputProps('hoursNoteSo')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="tel"
              label={t('centers.phone')}
              description={t('centers.phoneHint')}
              autoComplete="off"
              {...form.getInputProps('phone')}
            />
            <TextInput
              type="email"
              label={t('centers.email')}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Switch
        label={t('general.active')}
        disabled={busy}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
