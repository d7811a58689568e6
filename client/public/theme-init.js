// Sets Mantine's colour scheme attribute from localStorage 'theme' (light, dark or system) before React loads.
(() => {
  let saved = null;
  try {
    saved = window.localStorage.getItem('theme');
  } catch {
    // Storage refused (private mode): fall back to the system preference.
  }
  let scheme = saved === 'light' || saved === 'dark' ? saved : null;
  if (!scheme) scheme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
