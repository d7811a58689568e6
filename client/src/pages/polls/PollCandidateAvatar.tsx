import type { AvatarSize } from '../../components/avatar/avatar-sizes';
import { MemberPhoto } from '../../components/avatar/MemberPhoto';

/** A candidate's photo (or initials) in a ring of their colour, so the colour ties them to the chart. */
export function PollCandidateAvatar({
  name,
  photoUrl,
  colorHex,
  size = 'md',
}: {
  name: string;
  photoUrl: string | null;
  colorHex: string;
  size?: AvatarSize;
}) {
  return (
    <span
      style={{
        display: 'inline-flex',
        flex: 'none',
        borderRadius: '50%',
        padding: 2,
        border: `3px solid ${colorHex}`,
      }}
    >
      <MemberPhoto name={name} imageUrl={photoUrl} size={size} />
    </span>
  );
}
