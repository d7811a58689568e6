/**
 * Belenios 2.0's cryptographic core for Codka's verifiable elections: the same formats and checks as
 * belenios-tool 2.0, so that the tool verifies Codka's archive. Pure TypeScript on native BigInt, shared by the
 * browser (keys, ballots, partial decryptions) and the server (verification, tally, archive).
 * docs/decisions/023-belenios-format.md says what of Belenios is implemented and why.
 */
export {
  type ArchiveEvent,
  type ArchiveFile,
  ArchiveReader,
  ArchiveWriter,
  type EventType,
  type LargeRecord,
  type ReadArchive,
  type ReadEvent,
  readArchive,
  type SetupTexts,
} from './archive';
export { type Answer, type Ballot, ballotTracker, type EncryptedBallot, encryptBallot } from './ballot';
export { auditBallot, maxBallotLength, readBallot, type VerifiedBallot, verifyBallot } from './ballot-verify';
export {
  credentialFromBytes,
  credentialSecret,
  generateCredential,
  isCredential,
  type PublicCredential,
  parsePublicCredential,
  publicCredential,
} from './credential';
export {
  type CredentialsFileReading,
  type Election,
  type ElectionSetup,
  electionPublicKey,
  generateUuid,
  MAX_CREDENTIAL_ENTRY_BYTES,
  makeElection,
  parseElection,
  parsePublicCredentials,
  parseTrustees,
  publicCredentialEntries,
  publicCredentialsJson,
  type Question,
  readPublicCredentialEntries,
  trusteesJson,
} from './election';
export type { Ciphertext } from './elgamal';
export { type BeleniosCheck, BeleniosError } from './errors';
export { GROUP_NAME, P, setModularExponentiation } from './group';
export {
  type Pbkdf2Sha256,
  type Sha256Engine,
  type Sha256Hasher,
  setPbkdf2Sha256,
  setSha256,
  sha256B64,
} from './hash';
export {
  computePartialDecryption,
  type PartialDecryption,
  partialDecryptionJson,
  verifyPartialDecryption,
} from './partial-decryption';
export { computeResult, parseResult, resultJson } from './result';
export {
  computeEncryptedTally,
  type EncryptedTally,
  encryptedTallyJson,
  encryptedTallyRecords,
  lastBallots,
  multiplyTallies,
  parseEncryptedTally,
  tallyRecords,
} from './tally';
export { type LargeTarFile, readTar, TarReader, tarPadding } from './tar';
export {
  generateTrusteeKey,
  parseTrusteePrivateKey,
  parseTrusteePublicKey,
  type TrusteeKeyPair,
  type TrusteePublicKey,
  trusteeKeyId,
  trusteePublicKeyJson,
} from './trustee';
