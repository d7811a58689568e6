import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, LANGUAGES, rememberLanguage } from './language';
import enCommon from './locales/en/common.json';
import enHome from './locales/en/home.json';

/**
 * Texts live in locales/<language>/<namespace>.json, files a translator can edit. Each page's namespace is its
 * own chunk, fetched together with the page's code (its loaders, lib/page-route.ts).
 *
 * The shell's words (common) and the landing page's (home) ship with the app in English, the language of the
 * product's own texts (docs/product.md#where-the-texts-live) and the one a browser gets when it asks for neither of
 * ours, so its first paint needs no extra request. Somali readers' copies are their own chunks, requested while this
 * module evaluates (init below loads synchronously), before React renders: they come alongside the first render
 * instead of after it, and an English reader never downloads them.
 *
 * The error texts (errors, shared with the server) are the biggest namespace and the landing page's first view
 * shows none of them: a visit that starts there downloads them with the next page's texts (lib/page-route.ts) or
 * before a toast says why something failed (lib/notify.ts); one that starts on another page, at once.
 */
export const i18n = i18next.createInstance();

// The landing page's texts are fetched with the shell's only when the visit starts there; other pages load
// theirs through their loaders (lib/page-route.ts). No window when unit tests import this module in Node.
const firstPageIsLanding = typeof window !== 'undefined' && window.location.pathname === '/';

i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(
      // The errors namespace is shared with the server (shared/i18n/locales), every other one is the client's.
      (language: string, namespace: string) =>
        namespace === 'errors'
          ? import(`../../../shared/i18n/locales/${language}/errors.json`)
          : import(`./locales/${language}/${namespace}.json`),
    ),
  )
  .init({
    lng: initialLanguage(),
    supportedLngs: LANGUAGES,
    // No fallback: the key test keeps both languages complete, and a Somali reader downloads no English.
    fallbackLng: false,
    ns: firstPageIsLanding ? ['common', 'home'] : ['common', 'errors'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, home: enHome } },
    partialBundledLanguages: true,
    // Starts a Somali reader's downloads now, not on the next tick (given resources, i18next loads at once).
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: true },
  });

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    if (language === 'so' || language === 'en') rememberLanguage(language);
  });
}

let resolveActive: () => typeof i18n = () => i18n;

/**
 * The i18n instance of the render under way, for code that formats outside a component (dates, the theme's
 * labels): in the browser the one instance; on the server the request's own (page-handler.ts sets how it is
 * found), so renders in two languages never read each other's.
 */
export function activeI18n(): typeof i18n {
  return resolveActive();
}

/** Where activeI18n finds the render's instance (the server's page handler, once). */
export function setActiveI18n(resolve: () => typeof i18n): void {
  resolveActive = resolve;
}

/** For route loaders: fetch a page's texts alongside its code instead of after it renders. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/** The language requests carry, so the server's messages come back in it. */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}
