import { Alert, NumberInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { KNOWN_DISTRICTS } from '@shared/known-districts';
import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { adminMessages, districtInput } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { useMessageTexts } from '../../../i18n/error-texts';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { useFailureToast, useRefreshAdmin } from './dashboard-queries';

export type District = RouterOutputs['admin']['districts']['list'][number];

interface DistrictValues {
  region: string | null;
  name: string | null;
  code: string;
  population: number | string;
}

const isRegion = (value: string | null): value is DistrictRegion =>
  (DISTRICT_REGIONS as readonly (string | null)[]).includes(value);

function toInput(values: DistrictValues) {
  return {
    region: values.region ?? '',
    name: values.name ?? '',
    code: values.code,
    population: typeof values.population === 'number' ? values.population : null,
  };
}

/**
 * Create (district null) or edit a district. docs/product.md#district-and-center-forms: the name comes from the
 * region's known districts.
 */
export function DistrictForm({ district, onClose }: { district: District | null; onClose(): void }) {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation(['admin', 'common']);
  const regionName = useRegionName();
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const [missing, setMissing] = useState(false);
  const form = useForm<DistrictValues>({
    initialValues: {
      region: district?.region ?? null,
      name: district?.name ?? null,
      code: district?.code ?? '',
      population: district?.population ?? '',
    },
    validate: (values) => zodValidate<unknown>(districtInput)(toInput(values)),
  });

  const done = async (message: string) => {
    notifySuccess(t('general.success'), message);
    await refreshAdmin();
    onClose();
  };
  const create = useMutation(
    trpc.admin.districts.create.mutationOptions({
      onSuccess: () => done(t('districts.created')),
      onError: (error) => failureToast(t('districts.createFailed'), error),
    }),
  );
  const update = useMutation(
    trpc.admin.districts.update.mutationOptions({
      onSuccess: () => done(t('districts.updated')),
      onError: (error) => failureToast(t('districts.updateFailed'), error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const region = form.values.region;
  const names = isRegion(region) ? KNOWN_DISTRICTS[region].map((known) => known.name) : [];
  // A district saved before the list changed keeps its own name as a choice.
  if (district && region === district.region && !names.includes(district.name)) names.unshift(district.name);

  const submit = form.onSubmit(
    (values) => {
      setMissing(false);
      const input = districtInput.parse(toInput(values));
      if (district) update.mutate({ id: district.id, ...input });
      else create.mutate(input);
    },
    (errors) => setMissing(Boolean(errors.name || errors.code || errors.region)),
  );

  const chooseRegion = (value: string | null) => {
    // Changing the region resets the name (docs/product.md#district-and-center-forms): the old name belongs to
    // another region.
    form.setValues({ region: value, name: null });
  };
  const chooseName = (value: string | null) => {
    form.setFieldValue('name', value);
    const known = isRegion(region) ? KNOWN_DISTRICTS[region].find((d) => d.name === value) : undefined;
    if (known && form.values.code.trim() === '') form.setFieldValue('code', known.code);
  };

  const title = district ? t('districts.edit') : t('districts.add');
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={district ? t('general.saveChanges') : t('districts.add')}
    >
      {missing && (
        <Alert color="red" title={t('districts.missingTitle')} role="alert">
          {messageText(adminMessages.districtMissing)}
        </Alert>
      )}
      <Select
        label={t('general.region')}
        placeholder={t('districts.chooseRegion')}
        data={DISTRICT_REGIONS.map((value) => ({ value, label: regionName(value) }))}
        searchable
        required
        disabled={busy}
        value={region}
        onChange={chooseRegion}
        error={Boolean(form.errors.region)}
      />
      <Select
        label={t('districts.name')}
        placeholder={region ? t('districts.chooseDistrict') : t('districts.chooseRegionFirst')}
        data={names}
        searchable
        required
        nothingFoundMessage={t('districts.noNameMatch')}
        disabled={busy || !region}
        value={form.values.name}
        onChange={chooseName}
        error={Boolean(form.errors.name)}
      />
      <TextInput
        label={t('general.code')}
        required
        disabled={busy}
        {...form.getInputProps('code')}
        error={Boolean(form.errors.code)}
      />
      <NumberInput
        label={t('districts.population')}
        description={t('districts.optional')}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        disabled={busy}
        {...form.getInputProps('population')}
      />
    </FormModal>
  );
}
