import type { PendingApprovalAnswer } from '@shared/approvals';
import { ROLL_IMPORT_MAX_BYTES, type RollImportReport } from '@shared/roll-import';
import { currentLanguage, i18n } from '../../../i18n';
import { errorCodeText } from '../../../i18n/error-texts';
import { networkIssue } from '../../../lib/notify';
import { fetchWithStepUp } from '../../../lib/step-up';
import { serverSentence } from '../elections/candidate-image-upload';

export const VOTER_ROLL_IMPORT_URL = '/api/admin/voter-roll.csv';

/** The server's report; a file sent to import (not a dry run) whose rows all passed also waits for approval. */
export type RollUploadAnswer = RollImportReport & Partial<PendingApprovalAnswer>;

/** A file the server would not read (or never received): one sentence, in the reader's language. */
export class RollUploadError extends Error {}

const isReport = (body: unknown): body is RollUploadAnswer =>
  typeof body === 'object' && body !== null && 'refused' in body && 'accepted' in body;

/**
 * Sends the roll as the request body (text/csv), once: an import is not retried on its own, the admin sees the
 * answer and decides. A lapsed step-up asks for the password and sends it again. Resolves with the report,
 * including for a file whose rows were refused (nothing imported) and for one now waiting for a second System
 * Admin (202, with `pendingApproval`); throws RollUploadError otherwise.
 */
export async function sendRollFile(
  file: File,
  { dryRun }: { dryRun: boolean },
  send: typeof fetch = fetch,
): Promise<RollUploadAnswer> {
  // Checked here first so a phone does not spend data on a file the server will refuse.
  if (file.size > ROLL_IMPORT_MAX_BYTES) {
    throw new RollUploadError(
      errorCodeText('rollImport.tooLarge', { max: ROLL_IMPORT_MAX_BYTES / 1024 / 1024 }),
    );
  }
  let response: Response;
  try {
    response = await fetchWithStepUp(send, `${VOTER_ROLL_IMPORT_URL}${dryRun ? '?dryRun=1' : ''}`, () => ({
      method: 'POST',
      body: file,
      credentials: 'same-origin',
      headers: { 'content-type': 'text/csv', 'accept-language': currentLanguage() },
    }));
  } catch {
    throw new RollUploadError(networkIssue());
  }
  const fallback = i18n.t('admin:voterRoll.failed');
  if (response.status === 200 || response.status === 202 || response.status === 400) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (isReport(body)) return body;
  }
  throw new RollUploadError(await serverSentence(response, fallback));
}
