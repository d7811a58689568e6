import { Button, Group, Radio, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ELECTION_STATUSES, ELECTION_TYPES, type ElectionType } from '@shared/elections';
import { createElectionInput, updateElectionInput } from '@shared/schemas/admin-elections';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EligibilityFields } from '../../../components/admin/EligibilityFields';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { BallotFields } from './BallotFields';
import {
  type AdminElection,
  editElectionValues,
  newElectionValues,
  positionsForType,
  toCreateInput,
  toUpdateInput,
  validateElection,
} from './election-form';
import { OutsideCredentialsPanel, TrusteesPanel } from './TrusteesPanel';

interface ElectionFormModalProps {
  /** null creates a new election with its candidates. */
  election: AdminElection | null;
  onClose(): void;
  /** `waiting`: what was asked waits for a second System Admin (an opening, a publication of results). */
  onSaved(waiting: string | null): Promise<unknown>;
}

/**
 * The election form (docs/product.md#election-form): title, times and status required; on create, at least one named
 * candidate.
 */
export function ElectionFormModal({ election, onClose, onSaved }: ElectionFormModalProps) {
  const { t } = useTranslation(['adminElections', 'common']);
  const trpc = useTRPC();
  const editingId = election?.id ?? null;
  const form = useForm({
    initialValues: election ? editElectionValues(election) : newElectionValues(),
    validate: (values) => validateElection(values, editingId),
  });

  const done = async (message: string, waiting: string | null = null) => {
    notifySuccess(t('success'), message);
    await onSaved(waiting);
    onClose();
  };
  // Opening an election, or publishing its results, answers that it waits for a second System Admin.
  const waitingFor = (title: string, status: string | undefined) =>
    status === 'Active' ? t('form.openWaiting', { title }) : t('form.resultsWaiting', { title });
  const create = useMutation(
    trpc.admin.elections.create.mutationOptions({
      onSuccess: (answer, input) =>
        'pendingApproval' in answer
          ? done(t('form.createdDraft'), waitingFor(input.title || input.titleSo || '', input.status))
          : done(t('form.created')),
      onError: (error) => notifyFailure(t('form.createFailed'), error),
    }),
  );
  const update = useMutation(
    trpc.admin.elections.update.mutationOptions({
      onSuccess: (answer, input) =>
        'pendingApproval' in answer
          ? done(t('form.waitingSaved'), waitingFor(input.title || input.titleSo || '', input.status))
          : done(t('form.updated')),
      onError: (error) => notifyFailure(t('form.updateFailed'), error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (editingId) update.mutate(updateElectionInput.parse(toUpdateInput(editingId, values)));
    else create.mutate(createElectionInput.parse(toCreateInput(values)));
  });

  const changeType = (value: string | null) => {
    const type = (value ?? 'Presidential') as ElectionType;
    form.setFieldValue('electionType', type);
    form.setFieldValue('candidates', positionsForType(form.values.candidates, type));
  };

  const title = election ? t('form.editTitle') : t('form.createTitle');
  const eatHint = t('form.eatHint');
  return (
    <ResponsiveModal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput
            label={t('form.title')}
            description={t('form.languageHint')}
            disabled={busy}
            {...form.getInputProps('title')}
          />
          <TextInput label={t('form.titleSo')} lang="so" disabled={busy} {...form.getInputProps('titleSo')} />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={2}
            maxRows={6}
            disabled={busy}
            {...form.getInputProps('description')}
          />
          <Textarea
            label={t('form.descriptionSo')}
            lang="so"
            autosize
            minRows={2}
            maxRows={6}
            disabled={busy}
            {...form.getInputProps('descriptionSo')}
          />
          {!election && (
            <Select
              label={t('form.electionType')}
              description={t('form.electionTypeHint')}
              data={ELECTION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
              allowDeselect={false}
              disabled={busy}
              {...form.getInputProps('electionType')}
              onChange={changeType}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('form.startTime')}
              description={eatHint}
              required
              disabled={busy}
              {...form.getInputProps('startTime')}
            />
            <TextInput
              type="datetime-local"
              label={t('form.endTime')}
              description={eatHint}
              required
              disabled={busy}
              {...form.getInputProps('endTime')}
            />
          </SimpleGrid>
          <Select
            label={t('form.status')}
            data={ELECTION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            allowDeselect={false}
            disabled={busy}
            {...form.getInputProps('status')}
          />
          <Switch
            label={t('form.resultsVisible')}
            description={t('form.resultsVisibleHint')}
            disabled={busy}
            {...form.getInputProps('resultsVisible', { type: 'checkbox' })}
          />
          <Switch
            label={t('form.hideResults')}
            description={t('form.hideResultsHint')}
            disabled={busy}
            {...form.getInputProps('hideResultsUntilClose', { type: 'checkbox' })}
          />
          <Radio.Group
            label={t('form.counting')}
            {...form.getInputProps('counting')}
            readOnly={busy || (election !== null && election.status !== 'Draft')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="standard"
                label={t('form.countingStandard')}
                description={t('form.countingStandardHint')}
                disabled={busy || (election !== null && election.status !== 'Draft')}
              />
              <Radio
                value="verifiable"
                label={t('form.countingVerifiable')}
                description={t('form.countingVerifiableHint')}
                disabled={busy || (election !== null && election.status !== 'Draft')}
              />
            </Stack>
          </Radio.Group>
          <EligibilityFields
            rule={form.values.eligibility}
            onRuleChange={(rule) => form.setFieldValue('eligibility', rule)}
            regions={form.values.eligibleRegions}
            onRegionsChange={(regions) => form.setFieldValue('eligibleRegions', regions)}
            regionsError={form.errors.eligibleRegions as string | undefined}
            disabled={busy}
          />
          {!election && <BallotFields form={form} disabled={busy} />}
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" h={44} loading={busy}>
              {election ? t('saveChanges') : t('form.createTitle')}
            </Button>
          </Group>
        </Stack>
      </form>
      {election?.counting === 'verifiable' && (
        <TrusteesPanel electionId={election.id} draft={election.status === 'Draft'} />
      )}
      {election?.counting === 'verifiable' && election.status === 'Draft' && (
        <OutsideCredentialsPanel electionId={election.id} />
      )}
    </ResponsiveModal>
  );
}
