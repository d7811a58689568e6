/** Longest search a directory accepts. */
export const MAX_SEARCH_LENGTH = 100;
/** Members per page on /parliament-members. */
export const MEMBERS_PAGE_SIZE = 24;
export const MAX_MEMBERS_PAGE_SIZE = 100;
