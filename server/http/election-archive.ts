import { Readable } from 'node:stream';
import { idSchema } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { archiveChunks, archiveSize, archiveVersion } from '../services/verifiable/archive';
import { holdsVersion } from './etag';
import { type ApiCeiling, CALLS_PER_MINUTE, extraCallsFor } from './trpc-calls';

export const ELECTION_ARCHIVE_PATH = '/api/v1/elections/:id/archive.bel';

/**
 * The archive grows while the election runs and is tallied, so no copy is ever current without asking: every
 * reader revalidates (no-cache), and a 304 costs one indexed read. A shorter copy is never served as current.
 */
export const ELECTION_ARCHIVE_CACHE_CONTROL = 'public, no-cache';

/**
 * What a download of the archive costs against the address's ceiling: by its size, as other large answers, up
 * to a tenth of the ceiling. Charged whole, an archive over the ceiling's bytes a minute (about 650 MB: a
 * national election's setup alone) could never be downloaded, and every attempt would lock the address out for
 * a minute; at most a tenth, one address may start ten downloads a minute, and how fast they go is the network's.
 */
export const archiveCharge = (bytes: number): number =>
  Math.min(extraCallsFor(bytes), Math.floor(CALLS_PER_MINUTE / 10));

/**
 * GET /api/v1/elections/:id/archive.bel: a verifiable election's Belenios archive, the bytes exactly as
 * appended, for `belenios-tool election verify`. 404 while a draft (there is none yet) and for a standard
 * election. Chunks are never changed (the table's triggers), so the number of the last one names the version.
 * Sent a chunk at a time as the client takes them (a national archive is gigabytes), up to that version.
 */
export function registerElectionArchive(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db'>,
  ceiling?: Pick<ApiCeiling, 'chargeMore'>,
): void {
  app.get<{ Params: { id: string } }>(ELECTION_ARCHIVE_PATH, async (request, reply) => {
    const id = idSchema.safeParse(request.params.id);
    const notFound = () =>
      sendDomainError(reply, new DomainError('election.notFound', { id: request.params.id.slice(0, 64) }));
    if (!id.success) return notFound();
    const last = archiveVersion(deps.db, id.data);
    if (last === null) return notFound();
    const etag = `"${id.data}-${last}"`;
    const held = holdsVersion(request.headers['if-none-match'], etag);
    const size = held ? 0 : archiveSize(deps.db, id.data, last);
    if (!held && ceiling && !(await ceiling.chargeMore(request, reply, archiveCharge(size)))) return reply;
    reply.header('Cache-Control', ELECTION_ARCHIVE_CACHE_CONTROL).header('ETag', etag);
    if (held) return reply.code(304).send();
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename="${id.data}.bel"`)
      .header('content-length', size)
      .send(Readable.from(archiveChunks(deps.db, id.data, last), { objectMode: false }));
  });
}
