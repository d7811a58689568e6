import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { RouterOutputs } from '@server/routers/_app';
import { candidateInput } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPCClient } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { CandidateImageField } from './CandidateImageField';
import { uploadCandidateImage } from './candidate-image-upload';

export type ElectionCandidate = RouterOutputs['admin']['elections']['candidates']['list'][number];

interface CandidateEditorProps {
  electionId: string;
  /** null adds a candidate at the end of the ballot. */
  candidate: ElectionCandidate | null;
  onClose(): void;
  onSaved(): Promise<unknown>;
}

/**
 * docs/product.md#candidate-form: name required; party, bio, image and position optional. The image goes up after the
 * details save.
 */
export function CandidateEditor({ electionId, candidate, onClose, onSaved }: CandidateEditorProps) {
  const { t } = useTranslation(['adminElections', 'common']);
  const client = useTRPCClient();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    initialValues: {
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
    validate: (values) => zodValidate<unknown>(candidateInput)({ electionId, ...values }),
  });

  const save = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const { electionId: _electionId, ...fields } = candidateInput.parse({ electionId, ...values });
      const { id } = candidate
        ? await client.admin.elections.candidates.update.mutate({ id: candidate.id, ...fields })
        : await client.admin.elections.candidates.create.mutate({ electionId, ...fields });
      if (!file) return { uploadError: null };
      // The details are saved either way; a failed upload is reported on its own and can be retried by editing.
      return uploadCandidateImage(id, file).then(
        () => ({ uploadError: null }),
        (error: unknown) => ({
          uploadError: error instanceof Error ? error.message : t('image.uploadFailed'),
        }),
      );
    },
    onSuccess: async ({ uploadError }) => {
      notifySuccess(t('success'), candidate ? t('editor.updated') : t('editor.created'));
      if (uploadError) {
        notifications.show({ color: 'red', title: t('image.uploadFailed'), message: uploadError });
      }
      await onSaved();
      onClose();
    },
    onError: (error) => notifyFailure(candidate ? t('editor.updateFailed') : t('editor.createFailed'), error),
  });
  const busy = save.isPending;
  const title = candidate ? t('editor.editTitle') : t('editor.addTitle');

  return (
    <ResponsiveModal opened onClose={busy ? () => {} : onClose} title={title}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label={title}>
        <Stack>
          <TextInput label={t('editor.name')} required disabled={busy} {...form.getInputProps('name')} />
          <TextInput label={t('editor.party')} disabled={busy} {...form.getInputProps('party')} />
          <TextInput
            label={t('editor.partySo')}
            lang="so"
            disabled={busy}
            {...form.getInputProps('partySo')}
          />
          <TextInput
            label={t('editor.positionSought')}
            disabled={busy}
            {...form.getInputProps('positionSought')}
          />
          <TextInput
            label={t('editor.positionSoughtSo')}
            lang="so"
            disabled={busy}
            {...form.getInputProps('positionSoughtSo')}
          />
          <Textarea
            label={t('editor.bio')}
            autosize
            minRows={3}
            maxRows={8}
            disabled={busy}
            {...form.getInputProps('bio')}
          />
          <Textarea
            label={t('editor.bioSo')}
            lang="so"
            autosize
            minRows={3}
            maxRows={8}
            disabled={busy}
            {...form.getInputProps('bioSo')}
          />
          <CandidateImageField
            name={form.values.name}
            imageUrl={form.values.imageUrl}
            file={file}
            disabled={busy}
            onFile={setFile}
            onRemoveStored={() => form.setFieldValue('imageUrl', '')}
          />
          <TextInput
            label={t('editor.imageDescription')}
            description={t('editor.imageDescriptionHint')}
            disabled={busy}
            {...form.getInputProps('imageAlt')}
          />
          <TextInput
            label={t('editor.imageDescriptionSo')}
            lang="so"
            disabled={busy}
            {...form.getInputProps('imageAltSo')}
          />
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" h={44} loading={busy}>
              {candidate ? t('saveChanges') : t('editor.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
