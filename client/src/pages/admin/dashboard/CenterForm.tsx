import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { centerInput } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifySuccess } from '../../../lib/notify';
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
}

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);

function toInput(values: CenterValues) {
  return {
    ...values,
    capacity: numberOrNull(values.capacity),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
  };
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
    },
    validate: (values) => zodValidate<unknown>(centerInput)(toInput(values)),
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
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput
            label={t('general.name')}
            description={t('centers.nameHint')}
            disabled={busy}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('centers.nameSo')}
            lang="so"
            disabled={busy}
            {...form.getInputProps('nameSo')}
          />
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
          <Switch
            label={t('general.active')}
            disabled={busy}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {center ? t('general.saveChanges') : t('centers.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
