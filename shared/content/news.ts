/**
 * A static item in the landing page's Latest Updates (docs/product.md#latest-updates). Its title and summary are
 * texts in both languages, under news.<id> in the client's home texts (locales/<language>/home.json). The items
 * are the demo's: they are dated a number of days before the day the page is shown, so they read as recent on
 * whatever day the site runs, never as news of a year gone by.
 */
export interface NewsItem {
  id: NewsId;
  /** Days before the day the page is shown, in Somalia. */
  daysAgo: number;
}

export type NewsId =
  | 'civic-education-guides'
  | 'electoral-commission-consultations'
  | 'voter-registration-pilot';

export const LATEST_UPDATES: readonly NewsItem[] = [
  { id: 'civic-education-guides', daysAgo: 3 },
  { id: 'electoral-commission-consultations', daysAgo: 10 },
  { id: 'voter-registration-pilot', daysAgo: 17 },
];

const DAY_MS = 86_400_000;

/** The item's day, YYYY-MM-DD, counted back from `today` (YYYY-MM-DD, the day in Somalia: shared/months.ts dayKey). */
export function newsDay(item: NewsItem, today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) - item.daysAgo * DAY_MS).toISOString().slice(0, 10);
}
