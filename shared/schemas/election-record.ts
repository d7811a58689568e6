import { z } from 'zod';
import { openDataRegistry } from './open-data';

/** The record format's name and version: a change to the procedure (docs/election-record.md) gets a new one. */
export const ELECTION_RECORD_FORMAT = 'codka-election-record/1';

/** Where the procedure is explained for readers of the site (the /open-data page's section). */
export const ELECTION_RECORD_ABOUT = '/open-data#election-record';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * An election's record, as GET /api/v1/elections/{id}/record serves it (docs/election-record.md). Counts and
 * hashes only: no receipt id, no time, no voter, no choice per entry. Exported for the API's OpenAPI document.
 */
export const electionRecordSchema = z
  .strictObject({
    format: z.literal(ELECTION_RECORD_FORMAT),
    about: z.literal(ELECTION_RECORD_ABOUT),
    election: z.strictObject({ id: z.uuid(), title: z.string() }),
    /** Every candidate in ballot order, with the votes counted at close. */
    candidates: z.array(
      z.strictObject({
        candidateId: z.uuid(),
        name: z.string(),
        party: z.string().nullable(),
        votes: z.int().nonnegative(),
      }),
    ),
    /** Who could vote at close, by the election's rule. */
    eligibleVoters: z.int().nonnegative(),
    /** Votes in the ballot box at close: the number of entries. */
    votesCast: z.int().nonnegative(),
    hash: z.literal('SHA-256'),
    /** RFC 6962's Merkle tree over the entries in their order; the root fixed at close. */
    tree: z.literal('rfc6962'),
    root: sha256Hex,
    /** SHA-256 of each vote's receipt id, lowercase hex, sorted. */
    entries: z.array(sha256Hex),
  })
  .register(openDataRegistry, { id: 'ElectionRecord' });

export type ElectionRecord = z.infer<typeof electionRecordSchema>;

/** What the results page shows of the record. */
export interface ElectionRecordSummary {
  root: string;
  votesCast: number;
}
