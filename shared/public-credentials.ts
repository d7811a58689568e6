/**
 * An outside credential authority's public credentials file (`belenios-tool setup generate-credentials`' .pubcreds,
 * a JSON array of strings), as the admin console sends it to the upload route and the route takes it.
 */

/** The route of an election's file: POST, the file as the body. */
export const PUBLIC_CREDENTIALS_ROUTE = '/api/admin/elections/:id/public-credentials';
export const publicCredentialsPath = (electionId: string) =>
  PUBLIC_CREDENTIALS_ROUTE.replace(':id', encodeURIComponent(electionId));

/** The body's content type: the file is JSON, whatever its name. */
export const PUBLIC_CREDENTIALS_CONTENT_TYPE = 'application/json';

/**
 * 80 MB: a public credential is at most 617 digits (a number below the group's 2048-bit p), written with its
 * quotes and comma in 620 bytes, or 634 with a weight, so 80 MB holds about 130,000 voters (at least 100,000
 * even with every weight at its longest). A bigger file is refused before it is read.
 */
export const PUBLIC_CREDENTIALS_MAX_BYTES = 80 * 1024 * 1024;
export const PUBLIC_CREDENTIALS_MAX_MEGABYTES = PUBLIC_CREDENTIALS_MAX_BYTES / (1024 * 1024);
