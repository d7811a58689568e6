import { networkIssue } from '../../../lib/notify';

/** SPEC §9: uploads are tried up to 3 times, waiting 1000 ms times the attempt number in between. */
export const UPLOAD_ATTEMPTS = 3;
export const UPLOAD_BACKOFF_MS = 1000;
/** The server's limit, checked first here so a phone does not spend data on a file that will be refused. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB.';
export const UPLOAD_FAILED = 'Failed to upload image';

export class ImageUploadError extends Error {
  constructor(
    message: string,
    /** True when the server was never reached. */
    readonly network: boolean,
  ) {
    super(message);
  }
}

/** Why a file cannot be uploaded before trying, or null when it may be. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file.';
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

async function serverSentence(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : UPLOAD_FAILED;
  } catch {
    return UPLOAD_FAILED;
  }
}

interface UploadOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a candidate's photo; resolves with its new /uploads/... address. Network failures and server errors
 * are retried; a refusal (4xx) is final, because the same file would be refused again.
 */
export async function uploadCandidateImage(
  candidateId: string,
  file: File,
  { fetch: send = fetch, sleep = wait }: UploadOptions = {},
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= UPLOAD_ATTEMPTS;
    let response: Response;
    try {
      const body = new FormData();
      body.append('image', file);
      response = await send(`/api/admin/candidates/${encodeURIComponent(candidateId)}/image`, {
        method: 'POST',
        body,
        credentials: 'same-origin',
      });
    } catch {
      if (last) throw new ImageUploadError(networkIssue(), true);
      await sleep(UPLOAD_BACKOFF_MS * attempt);
      continue;
    }
    if (response.ok) {
      const { imageUrl } = (await response.json()) as { imageUrl: string };
      return imageUrl;
    }
    if (response.status < 500 || last) throw new ImageUploadError(await serverSentence(response), false);
    await sleep(UPLOAD_BACKOFF_MS * attempt);
  }
}
