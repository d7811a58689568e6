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

/**
 * A file of any size up to PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES is given in parts: POST to the uploads route
 * with its size and SHA-256 (JSON: PublicCredentialsUploadStart) begins an upload, answered with its id and the
 * size of its parts (PublicCredentialsUploadBegun); then each part, in order, as the body of a POST to its part
 * route (`Content-Type: application/octet-stream`), the last one answered with how many public credentials the
 * election now has (server/http/public-credentials-import.ts).
 */
export const PUBLIC_CREDENTIALS_UPLOADS_ROUTE = '/api/admin/elections/:id/public-credentials/uploads';
export const PUBLIC_CREDENTIALS_PART_ROUTE =
  '/api/admin/elections/:id/public-credentials/uploads/:upload/parts/:index';
export const publicCredentialsUploadsPath = (electionId: string) =>
  PUBLIC_CREDENTIALS_UPLOADS_ROUTE.replace(':id', encodeURIComponent(electionId));
export const publicCredentialsPartPath = (electionId: string, upload: string, index: number) =>
  PUBLIC_CREDENTIALS_PART_ROUTE.replace(':id', encodeURIComponent(electionId))
    .replace(':upload', encodeURIComponent(upload))
    .replace(':index', String(index));
export const PUBLIC_CREDENTIALS_PART_CONTENT_TYPE = 'application/octet-stream';

/**
 * 1 GB: 1,500,000 voters' public credentials with the longest weights (634 bytes each) are 951 MB. A larger
 * file is refused when its upload begins, before a byte of it is sent.
 */
export const PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
export const PUBLIC_CREDENTIALS_UPLOAD_MAX_MEGABYTES = PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES / (1024 * 1024);

/** The parts' size unless the operator sets PUBLIC_CREDENTIALS_PART_BYTES: 8 MB, about 13,000 voters' credentials. */
export const PUBLIC_CREDENTIALS_PART_BYTES = 8 * 1024 * 1024;
/** The smallest part size an operator may set: a few entries (tests make a short list span several parts). */
export const PUBLIC_CREDENTIALS_MIN_PART_BYTES = 4096;

/** What begins an upload: the whole file's size in bytes and its SHA-256 (64 lowercase hex digits). */
export interface PublicCredentialsUploadStart {
  size: number;
  sha256: string;
}

/** The upload's id, the size of every part but the last (which is what remains), and how many parts. */
export interface PublicCredentialsUploadBegun {
  upload: string;
  partBytes: number;
  parts: number;
}

/** A part's answer: how many parts have arrived; the last part's is the election's count instead. */
export type PublicCredentialsPartAnswer = { received: number; parts: number } | { count: number };
