/**
 * Avatar sizes in CSS pixels (docs/product.md#avatars-and-initials: sm, md, lg, xl). Fixed sizes keep cards from
 * shifting as photos load.
 */
export const AVATAR_PX = { sm: 32, md: 48, lg: 64, xl: 96 } as const;
export type AvatarSize = keyof typeof AVATAR_PX;
