import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const SITE = 'Codka';

/** Sets the document title and meta description for search engines and link previews. */
export function usePageMeta(title: string, description?: string): void {
  const { t } = useTranslation();
  const tagline = t('site.tagline');
  useEffect(() => {
    document.title = title ? `${title} – ${SITE}` : `${SITE} – ${tagline}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [title, description, tagline]);
}
