import type { Cheerio, CheerioAPI } from 'cheerio';

type Selection = ReturnType<Cheerio<unknown>['first']>;

/** One member as a listing page shows them: a name and the address of their photo. */
export interface ListedMember {
  name: string;
  imageUrl: string;
  /** The page the entry was found on, for the error log. */
  pageUrl: string;
}

export interface ListingPage {
  members: ListedMember[];
  /** The next page of the listing, when the page links one. */
  nextPageUrl: string | null;
}

/** Lazy-loading themes keep the real address in one of these instead of src. */
const IMAGE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'src'];
/** Where a card shows its person's name, most specific first. */
const NAME_SELECTORS = [
  '[itemprop="name"]',
  '[class*="name"]',
  'h1, h2, h3, h4, h5, h6',
  'figcaption',
  '[class*="title"]',
  'strong',
];
/** Page furniture: never a member's card. */
const FURNITURE = 'header, nav, footer, aside, [role="banner"], [role="navigation"], [role="contentinfo"]';
const NOT_A_PERSON = /\b(logo|banner|icon|flag|emblem|placeholder|avatar|default)\b/i;
const NEXT_LABEL = /^(next|next page|xiga|›|»|>|→)$/i;
/** Longer text is a biography or a caption, not a name. */
const MAX_NAME_LENGTH = 120;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function imageAddress(image: Selection): string | null {
  for (const attribute of IMAGE_ATTRIBUTES) {
    const value = image.attr(attribute)?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  const srcset = image.attr('data-srcset') ?? image.attr('srcset');
  return srcset?.split(',')[0]?.trim().split(/\s+/)[0] ?? null;
}

/**
 * The name on the image's card: climb from the image while the ancestor holds no other image (beyond
 * that is the grid of all cards) and take the first name-like text; the image's alt text otherwise.
 */
function nameFor($: CheerioAPI, image: Selection): string | null {
  for (const ancestor of image.parents().slice(0, 5).toArray()) {
    const card = $(ancestor);
    if (card.find('img').length > 1) break;
    for (const selector of NAME_SELECTORS) {
      const text = clean(card.find(selector).first().text());
      if (text && text.length <= MAX_NAME_LENGTH) return text;
    }
  }
  const alt = clean(image.attr('alt') ?? image.attr('title') ?? '');
  return alt && alt.length <= MAX_NAME_LENGTH ? alt : null;
}

function nextPage($: CheerioAPI, pageUrl: URL): string | null {
  const candidates = $('a[rel~="next"], link[rel~="next"], a.next, .next a, .pagination-next a, a')
    .toArray()
    .filter((link) => {
      const element = $(link);
      const rel = element.attr('rel') ?? '';
      const label = clean(element.text() || element.attr('aria-label') || element.attr('title') || '');
      return /\bnext\b/i.test(rel) || /\bnext\b/i.test(element.attr('class') ?? '') || NEXT_LABEL.test(label);
    });
  for (const link of candidates) {
    const href = $(link).attr('href');
    if (!href || href.startsWith('#') || href.startsWith('javascript:')) continue;
    try {
      const next = new URL(href, pageUrl);
      if (next.href !== pageUrl.href) return next.href;
    } catch {
      // A broken link is not a page.
    }
  }
  return null;
}

/**
 * Reads one member listing page: every image on a card with a person's name (page furniture and
 * logos left out), and the link to the next page. Addresses are made absolute against the page.
 */
export async function parseListingPage(html: Buffer, pageUrl: string): Promise<ListingPage> {
  // Loaded on first use: the parser and its encoding sniffing are only needed while a job runs.
  const { loadBuffer } = await import('cheerio');
  const $ = loadBuffer(html);
  const base = new URL($('base[href]').attr('href') ?? pageUrl, pageUrl);
  const members: ListedMember[] = [];
  for (const element of $('img').toArray()) {
    const image = $(element);
    if (image.closest(FURNITURE).length > 0) continue;
    const address = imageAddress(image);
    const name = nameFor($, image);
    if (!address || !name || NOT_A_PERSON.test(name) || /logo/i.test(address)) continue;
    try {
      members.push({ name, imageUrl: new URL(address, base).href, pageUrl });
    } catch {
      // An address that cannot be resolved is no photo.
    }
  }
  return { members, nextPageUrl: nextPage($, new URL(pageUrl)) };
}
