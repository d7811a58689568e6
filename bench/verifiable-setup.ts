// A verifiable election for the Belenios benchmarks (bench/ballot-verify.ts, bench/ballot-encrypt.ts), made with
// the core alone: five candidates and one question (choose exactly one), as Codka's opening writes it
// (server/services/verifiable/setup.ts), two trustees, a private credential per voter and the archive's setup.
import {
  ArchiveWriter,
  type Election,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parsePublicCredentials,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
} from '@shared/belenios';

export const ANSWERS = ['Candidate 1', 'Candidate 2', 'Candidate 3', 'Candidate 4', 'Candidate 5'];

export interface BenchElection {
  uuid: string;
  electionText: string;
  election: Election;
  /** Each voter's private credential, and at the same index its public one. */
  credentials: string[];
  publics: string[];
  /** The public credentials list as the setup holds it, read back (what a ballot is verified against). */
  credentialList: Map<string, bigint>;
  /** The `.bel` archive with the setup event alone. */
  archive: Uint8Array;
}

/** A five-candidate election with `voters` credentials (the core's random ones, as belenios-tool makes them). */
export function benchElection(voters: number): BenchElection {
  const uuid = generateUuid();
  const texts = makeElection({
    uuid,
    name: 'Bench verifiable election',
    description: 'Five candidates, choose one',
    questions: [{ question: 'Who?', answers: ANSWERS, min: 1, max: 1 }],
    trustees: [generateTrusteeKey(), generateTrusteeKey()].map((key) => parseTrusteePublicKey(key.publicKey)),
  });
  const credentials = Array.from({ length: voters }, () => generateCredential());
  const publics = credentials.map((credential) => publicCredential(uuid, credential));
  const publicCredentials = publicCredentialsJson(publics);
  const archive = ArchiveWriter.create(
    { ...texts, publicCredentials },
    Math.floor(Date.now() / 1000),
  ).bytes();
  return {
    uuid,
    electionText: texts.election,
    election: parseElection(texts.election),
    credentials,
    publics,
    credentialList: parsePublicCredentials(publicCredentials),
    archive,
  };
}

/** The choice of the voter at `index` (the five candidates in turn), as Belenios' per-question 0/1 lists. */
export function choiceOf(index: number): number[][] {
  return [ANSWERS.map((_, answer) => (answer === index % ANSWERS.length ? 1 : 0))];
}
