import type { MemberType } from '../../../../../shared/member-photos';
import { currentLanguage, i18n } from '../../../i18n';
import { networkIssue } from '../../../lib/notify';
import { fetchWithStepUp } from '../../../lib/step-up';
import {
  ImageUploadError,
  serverSentence,
  UPLOAD_ATTEMPTS,
  UPLOAD_BACKOFF_MS,
} from '../elections/candidate-image-upload';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a member's manual override photo; resolves with the photo address browsers now load. As with
 * candidate images (SPEC §9), network failures and server errors are retried up to 3 times with a growing
 * pause, and a refusal (4xx) is final.
 */
export async function uploadMemberPhoto(
  member: { memberType: MemberType; memberId: string },
  file: File,
  { send = fetch, sleep = wait }: { send?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {},
): Promise<string | null> {
  const path = `/api/admin/member-photos/${member.memberType}/${encodeURIComponent(member.memberId)}/image`;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= UPLOAD_ATTEMPTS;
    let response: Response;
    try {
      // A lapsed step-up (428) asks for the password and sends the file again.
      response = await fetchWithStepUp(send, path, () => {
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
    if (response.ok) return ((await response.json()) as { photoUrl: string | null }).photoUrl;
    if (response.status < 500 || last)
      throw new ImageUploadError(
        await serverSentence(response, i18n.t('adminPhotos:override.uploadFailed')),
        false,
      );
    await sleep(UPLOAD_BACKOFF_MS * attempt);
  }
}
