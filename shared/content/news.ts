/**
 * A static item in the landing page's Latest Updates (docs/product.md#latest-updates: three items dated January
 * 2025). Its title and summary are texts in both languages, under news.<id> in the client's home texts
 * (locales/<language>/home.json).
 */
export interface NewsItem {
  id: NewsId;
  /** YYYY-MM-DD. */
  date: string;
}

export type NewsId =
  | 'civic-education-guides'
  | 'electoral-commission-consultations'
  | 'voter-registration-pilot';

export const LATEST_UPDATES: readonly NewsItem[] = [
  { id: 'civic-education-guides', date: '2025-01-27' },
  { id: 'electoral-commission-consultations', date: '2025-01-20' },
  { id: 'voter-registration-pilot', date: '2025-01-13' },
];
