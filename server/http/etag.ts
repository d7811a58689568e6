/**
 * Whether an If-None-Match header names this ETag: a list, weak forms (W/"..."), or `*` (RFC 9110 §13.1.2),
 * for the answers whose version a reader may already hold (pages, the open data and the election record).
 */
export function holdsVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const held = tag.trim().replace(/^W\//, '');
    return held === '*' || held === etag;
  });
}
