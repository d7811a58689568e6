import type { PageHead } from '@shared/page-render';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const SITE = 'Codka';

/**
 * On the server, the page's head is collected while it renders (entry-server.tsx writes it into the HTML's
 * `<title>`, description and Open Graph tags); in the browser there is none and the document is updated.
 */
export const PageHeadContext = createContext<PageHead | null>(null);

/** Heads written by a page's own content (not a loading placeholder), during this server render. */
const setByContent = new WeakSet<PageHead>();

/**
 * Sets the document title and meta description for search engines and link previews. A loading placeholder
 * passes `{ placeholder: true }`: on the server a Suspense fallback renders (and calls this) whenever a lazy part
 * is not loaded yet, before or instead of the content, so its words never replace the content's; without this,
 * the same page's head would depend on whether its code had been loaded by an earlier render.
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
