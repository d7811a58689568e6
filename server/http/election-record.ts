import { idSchema } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { publishedRecordRoot, storedRecordDocument } from '../services/election-record/record';
import { holdsVersion } from './etag';
import { type ApiCeiling, extraCallsFor } from './trpc-calls';

export const ELECTION_RECORD_PATH = '/api/v1/elections/:id/record';

/**
 * A record never changes once fixed, but it stops being public if an admin hides the results again: shared
 * caches keep it a few minutes, and a reader's copy is revalidated by its ETag (the root) for nothing.
 */
export const ELECTION_RECORD_CACHE_CONTROL = 'public, max-age=300';

/** How many records' bytes are kept: the few elections being checked at once (20 MB each at 300,000 votes). */
const RECORDS_KEPT = 4;

/**
 * A fixed record is never rewritten, so its bytes are read from the database once (per election and root)
 * and sent from memory after: a flood of downloads costs no 20 MB read and string copy per request.
 */
function recordBytesKept(deps: Pick<AppDeps, 'db'>) {
  const kept = new Map<string, Buffer>();
  return (electionId: string, root: string): Buffer => {
    // The root alone is not enough: two elections with the same receipts (none) share it, not their titles.
    const key = `${electionId}:${root}`;
    let bytes = kept.get(key);
    if (!bytes) {
      bytes = Buffer.from(storedRecordDocument(deps.db, electionId), 'utf8');
      kept.set(key, bytes);
      // Insertion order: the oldest goes first.
      if (kept.size > RECORDS_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return bytes;
  };
}

/**
 * GET /api/v1/elections/:id/record: the election's record (docs/election-record.md) for anyone, read-only, open to
 * other sites' scripts like the rest of the open data (registered inside its plugin, open-data-api.ts, whose
 * hooks give it CORS, the per-address ceiling and uncacheable refusals). 404 in the reader's language for an unknown or draft
 * election, and for one not closed or whose results are not public yet. The answer is the stored document as it
 * was fixed at close, byte for byte, so every reader and every download holds the same file.
 */
export function registerElectionRecord(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db'>,
  ceiling?: Pick<ApiCeiling, 'chargeMore'>,
): void {
  const recordBytes = recordBytesKept(deps);
  app.get<{ Params: { id: string } }>(ELECTION_RECORD_PATH, async (request, reply) => {
    const id = idSchema.safeParse(request.params.id);
    if (!id.success) {
      return sendDomainError(
        reply,
        new DomainError('election.notFound', { id: request.params.id.slice(0, 64) }),
      );
    }
    // Whether it is public and its root are read without the document: a 304 never reads it.
    let root: string;
    try {
      root = publishedRecordRoot(deps.db, id.data);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'notFound') return sendDomainError(reply, error);
      throw error;
    }
    const etag = `"${root}"`;
    const held = holdsVersion(request.headers['if-none-match'], etag);
    const bytes = held ? null : recordBytes(id.data, root);
    // Counted by its size (trpc-calls.ts): 20 MB at 300,000 votes is 307 calls of the address's ceiling.
    if (bytes && ceiling && !(await ceiling.chargeMore(request, reply, extraCallsFor(bytes.length)))) {
      return reply;
    }
    reply.header('Cache-Control', ELECTION_RECORD_CACHE_CONTROL).header('ETag', etag);
    if (held) return reply.code(304).send();
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `inline; filename="election-record-${id.data}.json"`)
      .send(bytes);
  });
}
