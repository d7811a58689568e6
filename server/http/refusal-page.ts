import type { PageLanguage } from '@shared/page-render';
import { DomainError } from '../errors/domain-error';
import { errorText } from '../errors/texts';

/**
 * The site's frame drawn by hand: the header's mark and name, the text and its colours in both schemes (the
 * theme script sets data-mantine-color-scheme, as on every page). The CSP allows inline styles, not scripts.
 */
const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Ubuntu,sans-serif;',
  'line-height:1.55;color:#000;background:#fff}',
  '[data-mantine-color-scheme=dark] body{color:#c9c9c9;background:#242424}',
  'header{display:flex;align-items:center;min-height:60px;padding:0 16px;border-bottom:1px solid #dee2e6}',
  '[data-mantine-color-scheme=dark] header{border-color:#424242}',
  'header a{display:flex;align-items:center;gap:8px;min-height:44px;color:inherit;text-decoration:none;',
  'font-size:1.25rem;font-weight:800}',
  'main{max-width:40rem;margin:0 auto;padding:48px 16px;font-size:1.125rem}',
].join('');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page a reader gets instead of theirs when rendering it would take their address past its call ceiling
 * (429; API callers get JSON): index.html in the reader's language with the rate-limit sentence in #root. It
 * works without script, and has none of the site's code: started, the app would render the page in the
 * browser, whose data calls the ceiling refuses too. A few hundred bytes, made per refusal (no render).
 */
export function refusalHtml(template: string, language: PageLanguage, seconds: number): string {
  const sentence = escapeHtml(errorText(new DomainError('request.tooManyRequests', { seconds }), language));
  return (
    template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
      // The site's name alone: index.html's tagline is English, and this page has no script to translate it.
      .replace(/<title>[^<]*<\/title>/, '<title>Codka</title>')
      // The app's code and its preloads (the theme script stays: it only sets the colour scheme).
      .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
      .replace('</head>', () => `<style>${STYLE}</style></head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"><header><a href="/"><img src="/favicon.svg" alt="" width="32" height="32">Codka</a>` +
          `</header><main><p role="alert">${sentence}</p></main></div>`,
      )
  );
}
