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

// The page's language. The server renders it in the language of the 'lang' cookie (server/http/ssr.ts); a
// choice made before the cookie existed (localStorage only) is copied into it, for the next page the server sends.
(() => {
  let lang = null;
  try {
    lang = window.localStorage.getItem('lang');
  } catch {
    // Storage refused: the server decides from the browser's languages.
  }
  if (lang !== 'so' && lang !== 'en') return;
  if (!/(?:^|;\s*)lang=/.test(document.cookie)) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: a classic script that runs before first paint, where the Cookie Store API (asynchronous, not in every browser the site serves) would come too late for the server's next render.
    document.cookie = `lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }
  // A page the server did not render (the development server) takes the remembered language at once.
  if (!document.documentElement.hasAttribute('data-server-lang')) document.documentElement.lang = lang;
})();

// A tap on a button before the page's script has started (on a slow connection the server's page shows seconds
// before it works): remembered here, then made again once the page has hydrated (root.tsx), so it is not lost.
// Links need no script: they work as they are. Until the root has hydrated (root.tsx sets __codkaHydrated) the
// tap goes no further than here, so React never sees it twice (once itself, once replayed).
(() => {
  const taps = [];
  window.__codkaEarlyTaps = taps;
  document.addEventListener(
    'click',
    (event) => {
      if (window.__codkaHydrated || !(event.target instanceof Element)) return;
      const button = event.target.closest(
        'button, [role="button"], [role="tab"], [role="combobox"], [role="switch"], summary, input[type="checkbox"], input[type="radio"]',
      );
      if (!button || button.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      if (!taps.includes(button)) taps.push(button);
    },
    true,
  );
})();
