/** The site's two languages: Somali (af-Soomaali) and English. */
export const LANGUAGES = ['so', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the visitor's choice is remembered (also read by public/theme-init.js before first paint). */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The remembered choice, else the browser's first language we speak, else English (the spec's texts). */
export function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en'; // unit tests run the client's modules in Node
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage refused (private mode): fall through to the browser's languages.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** Names shown in the switch, each in its own language so a reader finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { so: 'Af-Soomaali', en: 'English' };
