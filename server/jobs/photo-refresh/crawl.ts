import { fetchLimited } from '../../net/fetch-limited';
import type { PhotoSource } from './config';
import { type ListedMember, parseListingPage } from './listing';

export interface CrawlLimits {
  allowedHosts: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  maxPages: number;
  signal: AbortSignal;
}

export interface Crawled {
  members: ListedMember[];
  errors: string[];
}

/**
 * Reads a source's listing from its first page along its "next" links. A page that fails ends the
 * walk with an error, keeping what earlier pages gave; a loop of links ends at a page already read.
 */
export async function crawlSource(source: PhotoSource, limits: CrawlLimits): Promise<Crawled> {
  const members: ListedMember[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let pageUrl: string | null = source.url;
  while (pageUrl && !seen.has(pageUrl)) {
    if (seen.size === limits.maxPages) {
      errors.push(`${source.label}: stopped after ${limits.maxPages} listing pages.`);
      break;
    }
    seen.add(pageUrl);
    limits.signal.throwIfAborted();
    try {
      const page = await fetchLimited(pageUrl, {
        allowedHosts: limits.allowedHosts,
        timeoutMs: limits.timeoutMs,
        maxBytes: limits.maxBytes,
        signal: limits.signal,
        accept: 'text/html,application/xhtml+xml',
      });
      const parsed = await parseListingPage(page.body, page.url);
      members.push(...parsed.members);
      pageUrl = parsed.nextPageUrl;
    } catch (error) {
      limits.signal.throwIfAborted();
      errors.push(`${source.label}: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  if (members.length === 0 && errors.length === 0) {
    errors.push(`${source.label}: no member photos were found on ${source.url}.`);
  }
  return { members, errors };
}
