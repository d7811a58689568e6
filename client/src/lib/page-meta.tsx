import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteLoaderData } from 'react-router';
import { LANGUAGE_PARAMETER } from '../i18n/language';

const SITE = 'Codka';

/** What the page's head carries for search engines and link previews (WhatsApp, Facebook, X). */
export interface PageHead {
  title: string;
  description: string;
  /** What PageHeadTags wrote, as collected when it rendered. */
  written?: { title: string; description: string };
}

/** A head to collect one server render's into (page-handler.ts). */
export const newPageHead = (): PageHead => ({ title: '', description: '' });

/**
 * Whether a part of the page set the head after PageHeadTags had written it: a part whose code loaded during the
 * render (React.lazy, the first time in the process). The render is then done again, with that code at hand.
 */
export const headChangedLate = (head: PageHead): boolean =>
  head.written === undefined ||
  head.written.title !== head.title ||
  head.written.description !== head.description;

/**
 * On the server, the page's head is collected while it renders (entry.server.tsx provides it, PageHeadTags writes
 * it); in the browser there is none and the document is updated.
 */
export const PageHeadContext = createContext<PageHead | null>(null);

/** Heads written by a page's own content (not a loading placeholder), during this server render. */
const setByContent = new WeakSet<PageHead>();

/**
 * Sets the document title and meta description for search engines and link previews. A loading placeholder
 * passes `{ placeholder: true }`: its words never replace the content's, whichever renders first.
 */
export function usePageMeta(
  title: string,
  description?: string,
  options: { placeholder?: boolean } = {},
): void {
  const { t } = useTranslation();
  const tagline = t('site.tagline');
  const fullTitle = title ? `${title} – ${SITE}` : `${SITE} – ${tagline}`;
  const head = useContext(PageHeadContext);
  if (head && !(options.placeholder && setByContent.has(head))) {
    // The deepest page to render sets it last: a page's own words win over its frame's.
    head.title = fullTitle;
    if (description) head.description = description;
    if (!options.placeholder) setByContent.add(head);
  }
  useEffect(() => {
    document.title = fullTitle;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [fullTitle, description]);
}

/** Open Graph's locale names for the site's languages. */
const OG_LOCALE: Record<string, string> = { so: 'so_SO', en: 'en_GB' };

/**
 * The page's address in one language (`?lang=so`), or with no language named (null: the reader's own choice,
 * hreflang's x-default). Other parameters keep their order.
 */
export function addressIn(address: string, language: 'so' | 'en' | null): string {
  const url = new URL(address, 'http://codka.invalid');
  url.searchParams.delete(LANGUAGE_PARAMETER);
  if (language) url.searchParams.set(LANGUAGE_PARAMETER, language);
  return `${url.pathname}${url.search}`;
}

/** Sets a page's title and description from a server loader, for a page only the browser renders. */
export function setServerHead(head: PageHead, title: string, description: string): void {
  head.title = `${title} – ${SITE}`;
  head.description = description;
  setByContent.add(head);
}

/**
 * The page's title, description and link-preview tags, from what the page's render collected (usePageMeta):
 * rendered after the page, on the server only, and moved by React into the document's head. In the browser the
 * server's tags stay, and usePageMeta updates them. A part that set the head later than this ran makes
 * page-handler.ts render the page again (headChangedLate).
 */
export function PageHeadTags() {
  const head = useContext(PageHeadContext);
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData('root') as { origin?: string; address?: string } | undefined;
  if (!head) return null;
  head.written = { title: head.title, description: head.description };
  const title = head.title || `${SITE} – ${t('site.tagline')}`;
  // The site's own description, in the page's language, for a page that gives none.
  const description = head.description || t('site.description');
  const origin = root?.origin ?? '';
  // The address as the server's request named it (a URL's own encoding), else as the router reads it.
  const address = root?.address ?? `${pathname}${search}`;
  const url = `${origin}${address}`;
  const language = i18n.language === 'so' ? 'so' : 'en';
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${origin}/og-image.png`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      <meta property="og:locale:alternate" content={OG_LOCALE[language === 'so' ? 'en' : 'so']} />
      <meta name="twitter:card" content="summary_large_image" />
      <link rel="canonical" href={url} />
      {/* The page in each language by its address, and the address that follows the reader's own choice. */}
      <link rel="alternate" hrefLang="en" href={`${origin}${addressIn(address, 'en')}`} />
      <link rel="alternate" hrefLang="so" href={`${origin}${addressIn(address, 'so')}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${addressIn(address, null)}`} />
    </>
  );
}
