import {
  ENROLLMENT_CODE_ALPHABET,
  ENROLLMENT_CODE_LENGTH,
  normalizeEnrollmentCode,
} from '@shared/voter-roll';

const CODE = new RegExp(`^[${ENROLLMENT_CODE_ALPHABET}]{${ENROLLMENT_CODE_LENGTH}}$`);

/** The enrollment code a QR code holds, or null for any other text (a URL, a ticket, a payment code). */
export function codeFromScan(text: string): string | null {
  const code = normalizeEnrollmentCode(text.trim());
  return CODE.test(code) ? code : null;
}

/** Why the camera cannot be used, as a key of the staff namespace's scanner texts. */
export type CameraProblem = 'noCamera' | 'refused' | 'busy' | 'unsupported';

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Reads QR codes from video frames: the browser's BarcodeDetector where it has one, else jsqr (downloaded here). */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

export async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      const detector = new Detector({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    } catch {
      // Some browsers expose the class without QR support: jsqr below.
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A smaller frame is enough for a QR code held up to the camera, and much cheaper on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}
