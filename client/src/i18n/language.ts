/** The site's two languages: Somali (af-Soomaali) and English. */
export const LANGUAGES = ['so', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the visitor's choice is remembered (also read by public/theme-init.js before first paint). */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The cookie the server reads to render a page in the reader's language (server/http/ssr.ts). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The query parameter of an address that names the page's language (`?lang=so`): the server renders it in that
 * language whatever the cookie says (server/http/ssr.ts pageLanguage), so a shared link previews in it.
 */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * The language the server rendered the page in (it marks <html> with data-server-lang): hydration must start
 * in it. Without it (the development server, an old page), the remembered choice, else the browser's first
 * language we speak, else English (the product's own texts).
 */
export function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en'; // unit tests run the client's modules in Node
  const root = document.documentElement;
  if (root.hasAttribute('data-server-lang') && isLanguage(root.lang)) return root.lang;
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
  // A year; Lax, so a link followed from another site still opens in the reader's language.
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** Names shown in the switch, each in its own language so a reader finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { so: 'Af-Soomaali', en: 'English' };
