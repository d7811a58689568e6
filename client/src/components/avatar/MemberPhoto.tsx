import { useState } from 'react';
import { useDataSaver } from '../../lib/data-saver';
import { AVATAR_PX, type AvatarSize } from './avatar-sizes';
import { InitialsAvatar } from './InitialsAvatar';
import classes from './MemberPhoto.module.css';

/**
 * A member's photo at a fixed size, loaded only when scrolled near; initials instead when there is no
 * photo, it fails to load (SPEC §4) or data saver is on. The name is printed beside it, so the photo itself is decorative.
 */
export function MemberPhoto({
  name,
  imageUrl,
  size = 'lg',
}: {
  name: string;
  imageUrl: string | null;
  size?: AvatarSize;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // Data saver: initials only, and no request for the photo at all.
  const [dataSaver] = useDataSaver();
  if (!imageUrl || failedUrl === imageUrl || dataSaver) return <InitialsAvatar name={name} size={size} />;
  const px = AVATAR_PX[size];
  return (
    <img
      className={classes.photo}
      src={imageUrl}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(imageUrl)}
    />
  );
}
