import { Alert, AspectRatio, Box, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CameraProblem, cameraProblem, codeFromScan, frameReader } from './scan-frames';

const SCAN_INTERVAL_MS = 250;

/**
 * The phone's or laptop's camera, read until it sees an enrollment code's QR code. Loaded only when a registrar
 * asks to scan; the camera is released when the code is found or the scanner is closed.
 */
export function CodeScanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const { t } = useTranslation('staff');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [otherCode, setOtherCode] = useState(false);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await frameReader();
      const tick = async () => {
        if (stopped || !video.current) return;
        const text = await read(video.current).catch(() => null);
        const code = text ? codeFromScan(text) : null;
        if (code) {
          found.current(code);
          return;
        }
        if (text) setOtherCode(true);
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack gap="xs" data-testid="code-scanner">
      {problem ? (
        <Alert color="yellow" role="alert" title={t('scanner.unavailable')}>
          {t(`scanner.${problem}`)}
        </Alert>
      ) : (
        <>
          <Box maw={360} w="100%">
            <AspectRatio ratio={4 / 3}>
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('scanner.video')}
                style={{ background: 'black', borderRadius: 'var(--mantine-radius-sm)', objectFit: 'cover' }}
              />
            </AspectRatio>
          </Box>
          <Text size="sm" role="status">
            {otherCode ? t('scanner.notACode') : t('scanner.hint')}
          </Text>
        </>
      )}
      <div>
        <Button variant="default" onClick={onClose}>
          {t('scanner.close')}
        </Button>
      </div>
    </Stack>
  );
}
