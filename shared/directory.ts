/** Longest search a directory accepts. */
export const MAX_SEARCH_LENGTH = 100;
/** Members per page on /parliament-members. */
export const MEMBERS_PAGE_SIZE = 24;
export const MAX_MEMBERS_PAGE_SIZE = 100;

/** "HOP#012", "HOP012", "hop 12", "#12", "012" and "12" all name the seat HOP#012. */
const SEAT_WRITTEN = /^(?:hop\s*#?\s*)?#?(\d{1,4})$/i;

/** The seat as the directory stores it (HOP#012), from how people and addresses write it; null if it is none. */
export function seatNumber(text: string): string | null {
  const digits = SEAT_WRITTEN.exec(text.trim())?.[1];
  return digits ? `HOP#${digits.padStart(3, '0')}` : null;
}

/** A House member's page: /parliament-members/HOP012 (a `#` would end the path). */
export const memberPath = (hopNumber: string): string =>
  `/parliament-members/${encodeURIComponent(hopNumber.replace('#', ''))}`;

/** A senator's page. */
export const senatorPath = (id: string): string => `/senators/${encodeURIComponent(id)}`;

/** Longest seat text the member page's address or query accepts. */
export const MAX_SEAT_LENGTH = 12;
