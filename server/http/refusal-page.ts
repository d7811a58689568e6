import type { PageLanguage } from '@shared/page-context';
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

/** When the busy page asks again. */
export const BUSY_RETRY_SECONDS = 2;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page of the site's frame with one sentence and no script (the site's name links home); `head` goes into its head. */
function framePage(language: PageLanguage, sentence: string, head = ''): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">' +
    // The site's name alone: this page has no script to translate a tagline.
    `<title>Codka</title>${head}<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    // The theme script only sets the colour scheme; it is a file of the site's own, as the CSP allows.
    `<script src="/theme-init.js"></script><style>${STYLE}</style></head><body>` +
    '<header><a href="/"><img src="/favicon.svg" alt="" width="32" height="32">Codka</a></header>' +
    `<main><p role="alert">${escapeHtml(sentence)}</p></main></body></html>`
  );
}

/**
 * The page a reader gets instead of theirs when rendering it would take their address past its call ceiling
 * (429; API callers get JSON), in the reader's language with the rate-limit sentence. It works without script,
 * and has none of the site's code: started, the app would ask for data the ceiling refuses too. A few hundred
 * bytes, made per refusal (no render).
 */
export function refusalHtml(language: PageLanguage, seconds: number): string {
  return framePage(language, errorText(new DomainError('request.tooManyRequests', { seconds }), language));
}

/**
 * The page a reader gets when no render may start now (the server's render budget or its queue, ssr.ts): it
 * says so in the reader's language and reloads itself a moment later, without script.
 */
export function busyHtml(language: PageLanguage): string {
  return framePage(
    language,
    errorText(new DomainError('request.busy'), language),
    `<meta http-equiv="refresh" content="${BUSY_RETRY_SECONDS}">`,
  );
}

/**
 * The page the offline worker shows for an address it has no copy of (client/public/sw.js stores it when it
 * installs, in the reader's language): it says so, with the site's name linking home. No script.
 */
export function offlineHtml(language: PageLanguage): string {
  return framePage(language, errorText(new DomainError('request.offlinePage'), language));
}
