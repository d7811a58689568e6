import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RouterOutputs } from '@server/routers/_app';
import { candidateInput, candidateUpdateInput } from '@shared/schemas/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal';
import { useContentText } from '../../../components/content/ContentText';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { useFailureToast, useLoadFailure, useRefreshAdmin } from './dashboard-queries';

export type Candidate = RouterOutputs['admin']['candidates']['list'][number];

/**
 * Create (candidate null: choose the election) or edit a candidate. docs/product.md#candidate-form: only the name is
 * required.
 */
export function CandidateForm({ candidate, onClose }: { candidate: Candidate | null; onClose(): void }) {
  const { t } = useTranslation(['admin', 'common']);
  const trpc = useTRPC();
  const contentText = useContentText();
  const refreshAdmin = useRefreshAdmin();
  const failureToast = useFailureToast();
  const elections = useQuery({
    ...trpc.admin.candidates.electionChoices.queryOptions(),
    enabled: !candidate,
  });
  useLoadFailure(elections.error, t('candidates.electionsFailed'));
  const form = useForm({
    initialValues: {
      electionId: candidate?.electionId ?? (null as string | null),
      name: candidate?.name ?? '',
      // Each text in English and in Somali, from each language's own text (docs/decisions/021-bilingual-content.md).
      party: candidate?.partyText.en ?? '',
      partySo: candidate?.partyText.so ?? '',
      positionSought: candidate?.positionSoughtText.en ?? '',
      positionSoughtSo: candidate?.positionSoughtText.so ?? '',
      bio: candidate?.bioText.en ?? '',
      bioSo: candidate?.bioText.so ?? '',
      imageUrl: candidate?.imageUrl ?? '',
      imageAlt: candidate?.imageAltText.en ?? '',
      imageAltSo: candidate?.imageAltText.so ?? '',
    },
    validate: ({ electionId, ...fields }) => {
      if (candidate) return zodValidate<unknown>(candidateUpdateInput)({ id: candidate.id, ...fields });
      const errors = zodValidate<unknown>(candidateInput)({ electionId: electionId ?? '', ...fields });
      if (errors.electionId) errors.electionId = t('candidates.chooseElection');
      return errors;
    },
  });

  const done = async (message: string) => {
    notifySuccess(t('general.success'), message);
    await refreshAdmin();
    onClose();
  };
  const create = useMutation(
    trpc.admin.candidates.create.mutationOptions({
      onSuccess: () => done(t('candidates.created')),
      onError: (error) => failureToast(t('candidates.createFailed'), error),
    }),
  );
  const update = useMutation(
    trpc.admin.candidates.update.mutationOptions({
      onSuccess: () => done(t('candidates.updated')),
      onError: (error) => failureToast(t('candidates.updateFailed'), error),
    }),
  );
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(({ electionId, ...fields }) => {
    if (candidate) update.mutate(candidateUpdateInput.parse({ id: candidate.id, ...fields }));
    else create.mutate(candidateInput.parse({ electionId, ...fields }));
  });

  const title = candidate ? t('candidates.edit') : t('candidates.add');
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={candidate ? t('general.saveChanges') : t('candidates.add')}
    >
      {candidate ? (
        <TextInput
          label={t('candidates.election')}
          value={contentText(candidate.electionTitleText)}
          readOnly
          disabled
        />
      ) : (
        <Select
          label={t('candidates.election')}
          placeholder={
            elections.isPending ? t('candidates.loadingElections') : t('candidates.chooseElection')
          }
          data={(elections.data ?? []).map((e) => ({
            value: e.id,
            label: t('candidates.electionChoice', {
              title: contentText(e.titleText),
              status: t(`electionStatus.${e.status}`),
            }),
          }))}
          searchable
          required
          nothingFoundMessage={t('candidates.noElectionMatch')}
          disabled={busy}
          {...form.getInputProps('electionId')}
        />
      )}
      <TextInput label={t('general.name')} required disabled={busy} {...form.getInputProps('name')} />
      <TextInput label={t('candidates.party')} disabled={busy} {...form.getInputProps('party')} />
      <TextInput
        label={t('candidates.partySo')}
        lang="so"
        disabled={busy}
        {...form.getInputProps('partySo')}
      />
      <TextInput
        label={t('candidates.positionSought')}
        disabled={busy}
        {...form.getInputProps('positionSought')}
      />
      <TextInput
        label={t('candidates.positionSoughtSo')}
        lang="so"
        disabled={busy}
        {...form.getInputProps('positionSoughtSo')}
      />
      <Textarea
        label={t('candidates.bio')}
        autosize
        minRows={3}
        maxRows={8}
        disabled={busy}
        {...form.getInputProps('bio')}
      />
      <Textarea
        label={t('candidates.bioSo')}
        lang="so"
        autosize
        minRows={3}
        maxRows={8}
        disabled={busy}
        {...form.getInputProps('bioSo')}
      />
      <TextInput
        label={t('candidates.imageUrl')}
        description={t('candidates.imageUrlHint')}
        type="url"
        disabled={busy}
        {...form.getInputProps('imageUrl')}
      />
      <TextInput
        label={t('candidates.imageAlt')}
        description={t('candidates.imageAltHint')}
        disabled={busy}
        {...form.getInputProps('imageAlt')}
      />
      <TextInput
        label={t('candidates.imageAltSo')}
        lang="so"
        disabled={busy}
        {...form.getInputProps('imageAltSo')}
      />
    </FormModal>
  );
}
