// Sets Mantine's colour scheme attribute from localStorage 'theme' (light, dark or system) before React loads.
(() => {
  let saved = null;
  try {
    saved = window.localStorage.getItem('theme');
  } catch {
    // Storage refused (private mode): fall back to the system preference.
  }
  const fallback = document.querySelector('meta[name="codka-default-theme"]')?.getAttribute('content');
  let scheme = saved === 'light' || saved === 'dark' ? saved : null;
  if (!scheme && !saved && (fallback === 'light' || fallback === 'dark')) scheme = fallback;
  if (!scheme) scheme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();

// The page's language before React loads (screen readers and the browser's own translation offer read it).
(() => {
  let lang = null;
  try {
    lang = window.localStorage.getItem('lang');
  } catch {
    // Storage refused: the app decides from the browser's languages.
  }
  if (lang === 'so' || lang === 'en') document.documentElement.lang = lang;
})();
