// Honorifics (docs/product.md#avatars-and-initials) are not part of a person's initials ("Hon. Amina Warsame" is AW,
// not HA).
const TITLES = new Set(['hon', 'mp', 'dr', 'prof']);

/** Up to 2 capital letters from the first words of a name, titles (Hon., MP, Dr., Prof.) left out. */
export function initials(name: string): string {
  const letters: string[] = [];
  for (const word of name.split(/[\s,]+/)) {
    if (TITLES.has(word.replace(/\.+$/, '').toLowerCase())) continue;
    const first = word.match(/\p{L}/u)?.[0];
    if (first) letters.push(first.toLocaleUpperCase('en'));
    if (letters.length === 2) break;
  }
  return letters.join('');
}
