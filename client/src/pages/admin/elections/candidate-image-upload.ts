import type { MessageParams } from '@shared/errors';
import { currentLanguage, i18n } from '../../../i18n';
import { errorCodeText } from '../../../i18n/error-texts';
import { networkIssue } from '../../../lib/notify';
import { fetchWithStepUp } from '../../../lib/step-up';

/**
 * docs/product.md#candidate-form: uploads are tried up to 3 times, waiting 1000 ms times the attempt number in
 * between.
 */
export const UPLOAD_ATTEMPTS = 3;
export const UPLOAD_BACKOFF_MS = 1000;
/** The server's limit, checked first here so a phone does not spend data on a file that will be refused. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What the admin is told when the server gave no sentence of its own (the elections screens' texts). */
export const uploadFailed = (): string => i18n.t('adminElections:image.uploadFailed');

export class ImageUploadError extends Error {
  constructor(
    message: string,
    /** True when the server was never reached. */
    readonly network: boolean,
  ) {
    super(message);
  }
}

export type ImageFileProblem = 'notImage' | 'tooLarge';

/**
 * Why a file cannot be uploaded before trying, or null when it may be. A code, not a sentence: the
 * candidate and member photo screens each say it in their own texts.
 */
export function imageFileProblem(file: File): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** The server's sentence (from its code and parts when it has them, else as sent), else `fallback`. */
export async function serverSentence(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as {
      error?: { message?: unknown; errorCode?: unknown; params?: MessageParams };
    };
    if (typeof body.error?.errorCode === 'string')
      return errorCodeText(body.error.errorCode, body.error.params);
    return typeof body.error?.message === 'string' ? body.error.message : fallback;
  } catch {
    return fallback;
  }
}

export interface UploadOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one image to a plain admin upload route and resolves with the server's JSON answer.
 * docs/product.md#candidate-form: network failures and server errors are retried up to 3 times with a growing pause;
 * a refusal (4xx) is final, because the same file would be refused again, and comes with the server's sentence (else
 * `failed()`). A lapsed step-up (428) asks for the password and sends the file again.
 */
export async function sendImage(
  url: string,
  file: File,
  failed: () => string,
  { fetch: send = fetch, sleep = wait }: UploadOptions = {},
): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= UPLOAD_ATTEMPTS;
    let response: Response;
    try {
      response = await fetchWithStepUp(send, url, () => {
        const body = new FormData();
        body.append('image', file);
        // The server's refusal comes back in the reader's language.
        return {
          method: 'POST',
          body,
          credentials: 'same-origin',
          headers: { 'accept-language': currentLanguage() },
        };
      });
    } catch {
      if (last) throw new ImageUploadError(networkIssue(), true);
      await sleep(UPLOAD_BACKOFF_MS * attempt);
      continue;
    }
    if (response.ok) return response.json();
    if (response.status < 500 || last)
      throw new ImageUploadError(await serverSentence(response, failed()), false);
    await sleep(UPLOAD_BACKOFF_MS * attempt);
  }
}

/** Sends a candidate's photo; resolves with its new /uploads/... address. */
export async function uploadCandidateImage(
  candidateId: string,
  file: File,
  options: UploadOptions = {},
): Promise<string> {
  const url = `/api/admin/candidates/${encodeURIComponent(candidateId)}/image`;
  const { imageUrl } = (await sendImage(url, file, uploadFailed, options)) as { imageUrl: string };
  return imageUrl;
}
