import { Avatar } from '@mantine/core';
import { initials } from '@shared/initials';
import { IconUser } from '@tabler/icons-react';
import { AVATAR_PX, type AvatarSize } from './avatar-sizes';

const COLORS = ['blue', 'cyan', 'teal', 'green', 'indigo', 'violet', 'grape', 'orange'] as const;

/** The same name always gets the same colour, so a person is recognisable across pages. */
function colorFor(name: string): (typeof COLORS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? 'blue';
}

/** A person's initials in a circle, drawn locally (no avatar service learns who is being looked at). */
export function InitialsAvatar({ name, size = 'md' }: { name: string; size?: AvatarSize }) {
  const letters = initials(name);
  return (
    <Avatar size={AVATAR_PX[size]} radius="xl" color={colorFor(name)} aria-hidden>
      {letters || <IconUser size="60%" stroke={1.5} />}
    </Avatar>
  );
}
