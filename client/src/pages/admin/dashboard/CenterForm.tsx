import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../../../server/routers/_app';
import { centerInput } from '../../../../../shared/schemas/admin';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import type { District } from './DistrictForm';
import { useFailureToast, useRefreshAdmin } from './dashboard-queries';

export type Center = RouterOutputs['admin']['centers']['list'][number];

interface CenterValues {
  name: string;
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
  const trpc = useTRPC();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const form = useForm<CenterValues>({
    initialValues: {
      name: center?.name ?? '',
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
    notifySuccess('Success', message);
    await refreshAdmin();
    onClose();
  };
  const create = useMutation(
    trpc.admin.centers.create.mutationOptions({
      onSuccess: () => done('Registration center created successfully'),
      onError: (error) => failureToast('Failed to create registration center', error),
    }),
  );
  const update = useMutation(
    trpc.admin.centers.update.mutationOptions({
      onSuccess: () => done('Registration center updated successfully'),
      onError: (error) => failureToast('Failed to update registration center', error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const input = centerInput.parse(toInput(values));
    if (center) update.mutate({ id: center.id, ...input });
    else create.mutate(input);
  });

  const title = center ? 'Edit Registration Center' : 'Add Registration Center';
  return (
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput label="Name" required disabled={busy} {...form.getInputProps('name')} />
          <TextInput label="Code" required disabled={busy} {...form.getInputProps('code')} />
          <TextInput label="Address" disabled={busy} {...form.getInputProps('address')} />
          <Select
            label="District"
            placeholder="Choose a district"
            data={districts.map((d) => ({ value: d.id, label: `${d.name} (${d.region})` }))}
            searchable
            clearable
            nothingFoundMessage="No district matches"
            disabled={busy}
            {...form.getInputProps('districtId')}
          />
          <NumberInput
            label="Capacity"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            disabled={busy}
            {...form.getInputProps('capacity')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Latitude"
              step={0.1}
              decimalScale={6}
              min={-90}
              max={90}
              disabled={busy}
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label="Longitude"
              step={0.1}
              decimalScale={6}
              min={-180}
              max={180}
              disabled={busy}
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
          <Switch label="Active" disabled={busy} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {center ? 'Save Changes' : 'Add Center'}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
