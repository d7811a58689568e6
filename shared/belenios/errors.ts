/**
 * Every way a Belenios object can be refused, by the check that refused it. The integration step maps each
 * check to a sentence in the reader's language; the library itself only names the check, so a caller can tell
 * "this ballot belongs to another election" from "its proof is wrong" without reading a message.
 */
export type BeleniosCheck =
  /** Longer than any well-formed object of its kind can be: refused before parsing. */
  | 'size'
  /** Not JSON, or JSON of the wrong shape (a missing field, a number that is not a decimal string...). */
  | 'json'
  /** Well-formed but not written the way Belenios writes it: belenios-tool refuses such a ballot too. */
  | 'canonical'
  /** Made for another election (its uuid or the election's fingerprint differ), or answers other questions. */
  | 'election'
  /** Signed with a public credential that is not on this election's list. */
  | 'credential'
  /** A number that is not an element of the group, or an exponent outside 0..q-1. */
  | 'group'
  /** The ballot's signature does not verify. */
  | 'signature'
  /** A zero-knowledge proof does not verify. */
  | 'proof'
  /** A trustee or partial decryption that is not the expected one (wrong owner, wrong key). */
  | 'trustee'
  /** An archive whose hashes, chain of events or order of events is broken. */
  | 'archive';

export class BeleniosError extends Error {
  readonly check: BeleniosCheck;

  constructor(check: BeleniosCheck, message: string) {
    super(message);
    this.name = 'BeleniosError';
    this.check = check;
  }
}

export function refuse(check: BeleniosCheck, message: string): never {
  throw new BeleniosError(check, message);
}
