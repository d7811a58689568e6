import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  PUBLIC_CREDENTIALS_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_PART_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES,
  PUBLIC_CREDENTIALS_UPLOAD_MAX_MEGABYTES,
  type PublicCredentialsPartAnswer,
  type PublicCredentialsUploadBegun,
  publicCredentialsPartPath,
  publicCredentialsUploadsPath,
} from '@shared/public-credentials';
import { currentLanguage, i18n } from '../../../i18n';
import { errorCodeText } from '../../../i18n/error-texts';
import { networkIssue } from '../../../lib/notify';
import { fetchWithStepUp } from '../../../lib/step-up';
import { serverSentence } from './candidate-image-upload';

/** A file the server did not take (or never received): one sentence, in the reader's language. */
export class CredentialsUploadError extends Error {}

/** How far a file has got: its SHA-256 being computed (bytes read of its size), then its parts sent. */
export type CredentialsUploadProgress =
  | { stage: 'reading'; done: number; total: number }
  | { stage: 'sending'; done: number; total: number };

/** The file is read this much at a time to compute its hash: a phone or a laptop holds it easily. */
const READ_BYTES = 8 * 1024 * 1024;

/** The file's SHA-256 in hex, read a slice at a time: a national file (hundreds of MB) is never held whole. */
async function fileSha256(file: Blob, progress: (done: number) => void): Promise<string> {
  const hash = sha256.create();
  for (let at = 0; at < file.size; at += READ_BYTES) {
    hash.update(new Uint8Array(await file.slice(at, at + READ_BYTES).arrayBuffer()));
    progress(Math.min(file.size, at + READ_BYTES));
  }
  return bytesToHex(hash.digest());
}

async function post(send: typeof fetch, url: string, body: () => BodyInit, type: string): Promise<Response> {
  try {
    return await fetchWithStepUp(send, url, () => ({
      method: 'POST',
      body: body(),
      credentials: 'same-origin',
      headers: { 'content-type': type, 'accept-language': currentLanguage() },
    }));
  } catch {
    throw new CredentialsUploadError(networkIssue());
  }
}

async function answerOf<T>(response: Response): Promise<T> {
  const fallback = i18n.t('adminElections:credentials.failed');
  if (response.ok) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (typeof body === 'object' && body !== null) return body as T;
  }
  throw new CredentialsUploadError(await serverSentence(response, fallback));
}

/**
 * Sends an outside authority's public credentials file in parts (server/http/public-credentials-import.ts):
 * computes its SHA-256, begins an upload with its size and hash, then sends each part in order, of the size the
 * server gave; the server applies the list once the last has arrived and the whole is valid. A lapsed step-up
 * asks for the password and sends the same request again. Anything refused stops the upload, with the
 * server's sentence: the admin sends the file again from its start. Resolves with how many public credentials
 * the election now has; throws CredentialsUploadError otherwise.
 */
export async function sendPublicCredentials(
  electionId: string,
  file: Blob,
  onProgress: (progress: CredentialsUploadProgress) => void = () => undefined,
  send: typeof fetch = fetch,
): Promise<{ count: number }> {
  // Checked here first so a phone does not spend data on a file the server will refuse.
  if (file.size > PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES) {
    throw new CredentialsUploadError(
      errorCodeText('verifiable.credentialsTooLarge', { max: PUBLIC_CREDENTIALS_UPLOAD_MAX_MEGABYTES }),
    );
  }
  const size = file.size;
  onProgress({ stage: 'reading', done: 0, total: size });
  const hash = await fileSha256(file, (done) => onProgress({ stage: 'reading', done, total: size }));
  const begun = await answerOf<PublicCredentialsUploadBegun>(
    await post(
      send,
      publicCredentialsUploadsPath(electionId),
      () => JSON.stringify({ size, sha256: hash }),
      PUBLIC_CREDENTIALS_CONTENT_TYPE,
    ),
  );
  onProgress({ stage: 'sending', done: 0, total: begun.parts });
  for (let index = 0; index < begun.parts; index += 1) {
    const part = file.slice(index * begun.partBytes, (index + 1) * begun.partBytes);
    const answer = await answerOf<PublicCredentialsPartAnswer>(
      await post(
        send,
        publicCredentialsPartPath(electionId, begun.upload, index),
        () => part,
        PUBLIC_CREDENTIALS_PART_CONTENT_TYPE,
      ),
    );
    onProgress({ stage: 'sending', done: index + 1, total: begun.parts });
    if ('count' in answer && typeof answer.count === 'number') return { count: answer.count };
  }
  throw new CredentialsUploadError(i18n.t('adminElections:credentials.failed'));
}
