import {
  PUBLIC_CREDENTIALS_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_MAX_BYTES,
  PUBLIC_CREDENTIALS_MAX_MEGABYTES,
  publicCredentialsPath,
} from '@shared/public-credentials';
import { currentLanguage, i18n } from '../../../i18n';
import { errorCodeText } from '../../../i18n/error-texts';
import { networkIssue } from '../../../lib/notify';
import { fetchWithStepUp } from '../../../lib/step-up';
import { serverSentence } from './candidate-image-upload';

/** A file the server did not take (or never received): one sentence, in the reader's language. */
export class CredentialsUploadError extends Error {}

/**
 * Sends an outside authority's public credentials file as the request body (JSON), once: the admin sees the
 * answer and decides. A lapsed step-up asks for the password and sends it again. Resolves with how many public
 * credentials the election now has; throws CredentialsUploadError otherwise.
 */
export async function sendPublicCredentials(
  electionId: string,
  file: File,
  send: typeof fetch = fetch,
): Promise<{ count: number }> {
  // Checked here first so a phone does not spend data on a file the server will refuse.
  if (file.size > PUBLIC_CREDENTIALS_MAX_BYTES) {
    throw new CredentialsUploadError(
      errorCodeText('verifiable.credentialsTooLarge', { max: PUBLIC_CREDENTIALS_MAX_MEGABYTES }),
    );
  }
  let response: Response;
  try {
    response = await fetchWithStepUp(send, publicCredentialsPath(electionId), () => ({
      method: 'POST',
      body: file,
      credentials: 'same-origin',
      // A .pubcreds file has no type the browser knows: the body is said to be what it is, JSON.
      headers: { 'content-type': PUBLIC_CREDENTIALS_CONTENT_TYPE, 'accept-language': currentLanguage() },
    }));
  } catch {
    throw new CredentialsUploadError(networkIssue());
  }
  const fallback = i18n.t('adminElections:credentials.failed');
  if (response.ok) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (typeof body === 'object' && body !== null && typeof (body as { count?: unknown }).count === 'number')
      return body as { count: number };
  }
  throw new CredentialsUploadError(await serverSentence(response, fallback));
}
