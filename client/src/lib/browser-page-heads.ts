import type { AppRouter } from '@server/routers/_app';
import { pickText } from '@shared/bilingual';
import { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { Namespace } from 'i18next';
import type { ServerPageContext } from '../page-context';
import { setServerHead } from './page-meta';

/** A page's texts in the page's language, loaded on the server: its t() checks each key at compile time. */
async function textsOf<N extends Namespace>(page: ServerPageContext, namespace: N) {
  await page.i18n.loadNamespaces(namespace);
  return page.i18n.getFixedT(page.language, namespace);
}

/**
 * The link-preview words of pages the browser renders (frames/browser-pages.tsx): the server sends their frame
 * with a loader, so the words their own render sets (usePageMeta) never reach a crawler. These are the keys each
 * page gives usePageMeta, so a preview says what the page's tab says.
 */
const HEADS: Record<string, (page: ServerPageContext) => Promise<[title: string, description: string]>> = {
  '/verify': async (page) => {
    const t = await textsOf(page, 'elections');
    return [t('verify.title'), t('verify.metaDescription')];
  },
  '/auth': async (page) => {
    const t = await textsOf(page, 'auth');
    return [t('meta.title'), t('meta.description')];
  },
  '/account': async (page) => {
    const t = await textsOf(page, 'account');
    return [t('meta.title'), t('meta.description')];
  },
  '/forgot-password': async (page) => {
    const t = await textsOf(page, 'auth');
    return [t('forgot.metaTitle'), t('forgot.metaDescription')];
  },
  '/reset-password': async (page) => {
    const t = await textsOf(page, 'auth');
    return [t('reset.title'), t('reset.metaDescription')];
  },
};

const VOTE_PATH = /^\/vote\/([^/]+)\/?$/;

/**
 * Sets the head of a page the browser renders, in the page's language, on the server (its loader). A vote page
 * names its election, as the page itself does once it has loaded; any other id (a poll's, none, a draft's) gets
 * the vote page's plain words. Pages not listed keep the site's own.
 */
export async function writeBrowserPageHead(url: URL, page: ServerPageContext): Promise<void> {
  const vote = VOTE_PATH.exec(url.pathname);
  // The id as the address spells it: a real one is plain, anything else names no election.
  if (vote) return writeVoteHead(vote[1] ?? '', page);
  const words = HEADS[url.pathname.replace(/\/$/, '')];
  if (!words) return;
  const [title, description] = await words(page);
  setServerHead(page.head, title, description);
}

async function writeVoteHead(id: string, page: ServerPageContext): Promise<void> {
  const t = await textsOf(page, 'elections');
  const title = await electionTitle(id, page);
  if (title) setServerHead(page.head, t('vote.metaTitle', { title }), t('vote.metaDescription', { title }));
  else setServerHead(page.head, t('vote.pageTitle'), t('vote.metaDescriptionAny'));
}

/** The election's title in the page's language (else the other one), as a visitor may see it; null otherwise. */
async function electionTitle(id: string, page: ServerPageContext): Promise<string | null> {
  // Run in process with the page's anonymous context, as public pages' first views are (lib/page-route.ts).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpc = page.trpcFor(client) as TRPCOptionsProxy<AppRouter>;
  try {
    const kind = await client.fetchQuery(trpc.elections.kindOf.queryOptions({ id }));
    if (kind.kind !== 'election') return null;
    const election = await client.fetchQuery(trpc.elections.byId.queryOptions({ id }));
    return pickText(election.titleText, page.language)?.text ?? null;
  } catch {
    // Not an id, or nothing a visitor may see: the page says so itself once it renders.
    return null;
  }
}
