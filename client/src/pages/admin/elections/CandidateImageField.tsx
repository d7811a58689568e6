import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPhoto } from '../../../components/avatar/MemberPhoto';
import { type ImageFileProblem, imageFileProblem } from './candidate-image-upload';

const PREVIEW_PX = 96;

interface CandidateImageFieldProps {
  name: string;
  /** The stored image ('' when none). */
  imageUrl: string;
  /** A chosen file, uploaded when the form is saved. */
  file: File | null;
  disabled: boolean;
  onFile(file: File | null): void;
  onRemoveStored(): void;
}

/** A local preview of the chosen photo, so the admin sees it before spending data on the upload. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function CandidateImageField({
  name,
  imageUrl,
  file,
  disabled,
  onFile,
  onRemoveStored,
}: CandidateImageFieldProps) {
  const { t } = useTranslation('adminElections');
  const preview = usePreviewUrl(file);
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const reason = imageFileProblem(chosen);
    setProblem(reason);
    if (!reason) onFile(chosen);
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="candidate-image-label">
        {t('image.label')}
      </Text>
      <Group gap="md" align="center">
        {preview ? (
          <Image
            src={preview}
            alt={name ? t('image.previewOf', { name }) : t('image.previewOfUnnamed')}
            w={PREVIEW_PX}
            h={PREVIEW_PX}
            radius={PREVIEW_PX}
            fit="cover"
          />
        ) : (
          <MemberPhoto name={name || '?'} imageUrl={imageUrl || null} size="xl" />
        )}
        <Stack gap="xs">
          <FileButton onChange={choose} accept="image/*" disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                h={44}
                leftSection={<IconPhotoUp size={18} aria-hidden />}
                aria-describedby="candidate-image-label"
              >
                {preview || imageUrl ? t('image.change') : t('image.choose')}
              </Button>
            )}
          </FileButton>
          {(preview || imageUrl) && (
            <Button
              variant="subtle"
              color="red"
              h={44}
              leftSection={<IconX size={18} aria-hidden />}
              disabled={disabled}
              onClick={() => (preview ? onFile(null) : onRemoveStored())}
            >
              {preview ? t('image.discard') : t('image.remove')}
            </Button>
          )}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t('image.hint')}
      </Text>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {t(`image.${problem}`)}
        </Text>
      )}
    </Stack>
  );
}
