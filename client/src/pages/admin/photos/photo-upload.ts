import type { MemberType } from '@shared/member-photos';
import { i18n } from '../../../i18n';
import { sendImage } from '../elections/candidate-image-upload';

/**
 * Sends a member's manual override photo; resolves with the photo address browsers now load. Retried and
 * refused as candidate images are (sendImage, docs/product.md#candidate-form).
 */
export async function uploadMemberPhoto(
  member: { memberType: MemberType; memberId: string },
  file: File,
  { send = fetch, sleep }: { send?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {},
): Promise<string | null> {
  const url = `/api/admin/member-photos/${member.memberType}/${encodeURIComponent(member.memberId)}/image`;
  const answer = await sendImage(url, file, () => i18n.t('adminPhotos:override.uploadFailed'), {
    fetch: send,
    ...(sleep ? { sleep } : {}),
  });
  return (answer as { photoUrl: string | null }).photoUrl;
}
