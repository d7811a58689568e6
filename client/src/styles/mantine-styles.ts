/**
 * Mantine's styles beyond the landing page's first render (mantine-first-render.css), in two sheets: what public
 * pages show (mantine-public.css, linked in their HTML) and the rest (mantine-other.css: the consoles, the forms
 * of pages rendered in the browser, the drawer). Within Mantine's layer a later rule wins, and the rest's
 * components build on the public ones' (PasswordInput on Input), so the public sheet is always in the document
 * before the rest: both load through here, the public one first.
 */

/** The sheets' paths under client/src, as the server links them (PageHandle.styles, page-assets.ts). */
export const PUBLIC_STYLES = 'styles/mantine-public.css';
export const OTHER_STYLES = 'styles/mantine-other.css';

/** The public pages' Mantine styles. */
export const publicStyles = () =>
  // The server's build has no style sheets (it renders markup; the HTML links the styles, page-assets.ts).
  import.meta.env.SSR ? Promise.resolve() : import('./mantine-public.css');

/**
 * Every Mantine style. The two imports start in this order, and each adds its <link> at the end of the head as it
 * starts (Vite's preload), so the public sheet always comes first, even when neither is there yet.
 */
export const allStyles = () =>
  import.meta.env.SSR
    ? Promise.resolve()
    : Promise.all([import('./mantine-public.css'), import('./mantine-other.css')]);
