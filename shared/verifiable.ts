/**
 * How an election is counted (docs/election-record.md#verifiable-elections): `standard` counts each choice on
 * the server; `verifiable` takes Belenios ballots encrypted in the voter's browser, adds them up still
 * encrypted, and has the trustees decrypt only the sum. Polls are always standard.
 */
export const COUNTING_MODES = ['standard', 'verifiable'] as const;
export type CountingMode = (typeof COUNTING_MODES)[number];

/**
 * Who makes the voters' credentials: Codka (derived from a key outside the database, given to each eligible
 * voter when they vote) or an outside credential authority (Codka holds only the public credentials).
 */
export const CREDENTIAL_AUTHORITIES = ['codka', 'external'] as const;
export type CredentialAuthority = (typeof CREDENTIAL_AUTHORITIES)[number];

/** A verifiable election needs at least this many trustees to open: no one of them can decrypt alone. */
export const MIN_TRUSTEES = 2;

/** The longest ballot accepted, in characters, checked before the text is parsed or sent to a worker. */
export const MAX_BALLOT_CHARS = 200_000;
