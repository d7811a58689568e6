import { useState } from 'react';
import { useDataSaver } from '../../lib/data-saver';
import { useHydrated } from '../../lib/hydrated';
import { AVATAR_PX, type AvatarSize } from './avatar-sizes';
import { InitialsAvatar } from './InitialsAvatar';
import classes from './MemberPhoto.module.css';

/**
 * A member's photo at a fixed size, loaded only when scrolled near; initials instead when there is no
 * photo, it fails to load or data saver is on (docs/product.md#member-photo-rules). The name is printed beside it, so
 * the photo itself is decorative.
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
  // Data saver: initials only, and no request for the photo at all. Whether it is on is known in the browser
  // only: the server's HTML has initials (an <img> there would be downloaded before any script could stop it),
  // and the photo covers them, at the same size, once the page is hydrated; the initials stay underneath, so
  // hydration removes nothing the server rendered and a photo that fails to load uncovers them.
  const [dataSaver] = useDataSaver();
  const hydrated = useHydrated();
  const showPhoto = imageUrl && failedUrl !== imageUrl && !dataSaver && hydrated;
  const px = AVATAR_PX[size];
  return (
    <span className={classes.frame} style={{ width: px, height: px }}>
      <InitialsAvatar name={name} size={size} />
      {showPhoto && (
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
      )}
    </span>
  );
}
