/**
 * The honorifics (docs/product.md#avatars-and-initials: Hon., MP, Dr., Prof., as shared/initials.ts leaves them out),
 * and the Senate site's "Sen."/"Senator": a scraped "Hon. Dr. Amina Warsame, MP" is the member listed as "Amina
 * Warsame".
 */
export const NAME_TITLES: ReadonlySet<string> = new Set(['hon', 'mp', 'dr', 'prof', 'sen', 'senator']);

/**
 * The form two spellings of one name share: accents and case dropped, punctuation and runs of
 * spaces reduced to one space, titles left out. "Hon. Sa'diya  Yasin" and "sadiya yasin" do not
 * match (an apostrophe splits a word), which is what name aliases are for.
 */
export function normaliseMemberName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !NAME_TITLES.has(word))
    .join(' ');
}

/**
 * Every form a name is matched under: the whole name, and the name without a nickname in
 * brackets, so "Aden Mohamed Nur (Madobe)" is found as "Aden Mohamed Nur" and as "… Madobe".
 */
export function memberNameKeys(name: string): string[] {
  const keys = new Set([normaliseMemberName(name)]);
  const withoutNickname = normaliseMemberName(name.replace(/\([^)]*\)/g, ' '));
  keys.add(withoutNickname);
  keys.delete('');
  return [...keys];
}
