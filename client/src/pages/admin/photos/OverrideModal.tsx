import { Button, FileButton, Group, Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MemberType } from '@shared/member-photos';
import { setOverrideInput } from '@shared/schemas/photos';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import {
  type ImageFileProblem,
  ImageUploadError,
  imageFileProblem,
} from '../elections/candidate-image-upload';
import { uploadMemberPhoto } from './photo-upload';

export interface OverrideTarget {
  memberId: string;
  memberType: MemberType;
  name: string;
}

const urlForm = z.object({ url: setOverrideInput.shape.url });
const PREVIEW_PX = 96;

/** A local preview of the chosen file, so the admin sees it before spending data on the upload. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** Sets a member's manual override from a web address (copied into our storage) or an uploaded file. */
export function OverrideModal({ member, onClose }: { member: OverrideTarget; onClose(): void }) {
  const { t } = useTranslation(['adminPhotos', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'url' | 'upload'>('url');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<ImageFileProblem | 'chooseFirst' | null>(null);
  const [uploading, setUploading] = useState(false);
  const preview = usePreview(file);
  const form = useForm({ initialValues: { url: '' }, validate: zodValidate(urlForm) });

  const saved = async () => {
    notifySuccess(t('members.overrideUpdated'), t('override.updatedBody', { name: member.name }));
    await queryClient.invalidateQueries({ queryKey: trpc.photos.members.queryKey() });
    onClose();
  };
  const setOverride = useMutation(
    trpc.photos.setOverride.mutationOptions({
      onSuccess: saved,
      onError: (error) => notifyFailure(t('override.failed'), error),
    }),
  );

  const upload = async () => {
    if (!file) return setFileProblem('chooseFirst');
    setUploading(true);
    try {
      await uploadMemberPhoto(member, file);
      await saved();
    } catch (error) {
      notifyFailure(
        t('override.failed'),
        undefined,
        error instanceof ImageUploadError ? error.message : undefined,
      );
    } finally {
      setUploading(false);
    }
  };

  const busy = setOverride.isPending || uploading;
  return (
    <ResponsiveModal opened onClose={onClose} title={t('override.title', { name: member.name })}>
      <Stack>
        <SegmentedControl
          value={source}
          onChange={(value) => setSource(value as 'url' | 'upload')}
          data={[
            { value: 'url', label: t('override.webAddress') },
            { value: 'upload', label: t('override.uploadFile') },
          ]}
          aria-label={t('override.source')}
          disabled={busy}
        />
        {source === 'url' ? (
          <form
            aria-label={t('override.fromAddress')}
            onSubmit={form.onSubmit((values) =>
              setOverride.mutate({
                memberType: member.memberType,
                memberId: member.memberId,
                url: values.url,
              }),
            )}
          >
            <Stack>
              <TextInput
                label={t('override.photoAddress')}
                description={t('override.photoAddressHint')}
                placeholder="https://…"
                disabled={busy}
                {...form.getInputProps('url')}
              />
              <Group justify="flex-end">
                <Button variant="default" h={44} onClick={onClose} disabled={busy}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" h={44} loading={busy}>
                  {t('override.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack>
            <Group gap="md">
              {preview && (
                <Image
                  src={preview}
                  alt={t('override.previewOf', { name: member.name })}
                  w={PREVIEW_PX}
                  h={PREVIEW_PX}
                  radius={PREVIEW_PX}
                  fit="cover"
                />
              )}
              <FileButton
                accept="image/*"
                disabled={busy}
                onChange={(chosen) => {
                  const problem = chosen ? imageFileProblem(chosen) : null;
                  setFileProblem(problem);
                  setFile(problem ? null : chosen);
                }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    h={44}
                    leftSection={<IconPhotoUp size={18} aria-hidden />}
                  >
                    {file ? t('override.chooseAnother') : t('override.choose')}
                  </Button>
                )}
              </FileButton>
            </Group>
            {file && <Text size="sm">{file.name}</Text>}
            {fileProblem && (
              <Text size="sm" c="red" role="alert">
                {t(`override.${fileProblem}`)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" h={44} onClick={onClose} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button h={44} onClick={upload} loading={busy}>
                {t('override.upload')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </ResponsiveModal>
  );
}
