/**
 * Messages between the page and the Belenios worker (belenios.worker.ts). The core (shared/belenios) is
 * synchronous and costs several 2048-bit exponentiations per step, so it runs off the page's thread.
 */
export type BeleniosRequest =
  | {
      kind: 'encrypt';
      /** The election's Belenios text (elections.beleniosElection): its key and question. */
      election: string;
      credential: string;
      /** The chosen answer of Codka's one question (the candidate's name, as the setup lists it). */
      choice: string;
    }
  | { kind: 'audit'; election: string; ballot: string; randomness: string[][] }
  | { kind: 'generateKey' }
  /** A trustee's share of the tally: the election and its encrypted tally as trustees.byToken gives them. */
  | { kind: 'decrypt'; election: string; encryptedTally: string; privateKey: string }
  /** Whether a trustee's private key is the one of the public key (decimal) Codka holds for them. */
  | { kind: 'keyMatches'; privateKey: string; publicKey: string }
  /** Whether a ballot with this tracker is in the archive (the public ballot box). */
  | { kind: 'findTracker'; archive: ArrayBuffer; tracker: string };

export type BeleniosResponse =
  | { kind: 'encrypt'; ballot: string; tracker: string; randomness: string[][] }
  | { kind: 'audit'; choices: string[] }
  | { kind: 'generateKey'; privateKey: string; publicKey: string }
  | { kind: 'decrypt'; partialDecryption: string }
  | { kind: 'keyMatches'; matches: boolean }
  | { kind: 'findTracker'; found: boolean; ballots: number }
  | { kind: 'error'; check: string; message: string };
