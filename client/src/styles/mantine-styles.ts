/**
 * Mantine's styles beyond the landing page's first render (mantine-first-render.css), in two sheets: what public
 * pages show (mantine-public.css, linked in their HTML) and the rest (mantine-other.css: the consoles, the forms
 * of pages rendered in the browser, the drawer). Within Mantine's layer a later rule wins, and the rest's
 * components build on the public ones' (PasswordInput on Input), so the public sheet is always in the document
 * before the rest. Pages import them through their frames (client/src/frames/), which React Router links in the
 * page's head; what opens later (the drawer) loads them here, the public one first.
 */

/**
 * Every Mantine style. The two imports start in this order, and each adds its <link> at the end of the head as it
 * starts (Vite's preload), so the public sheet always comes first, even when neither is there yet.
 */
export const allStyles = () =>
  // The server's build has no style sheets (it renders markup; the page's head links the styles).
  import.meta.env.SSR
    ? Promise.resolve()
    : Promise.all([import('./mantine-public.css'), import('./mantine-other.css')]);
