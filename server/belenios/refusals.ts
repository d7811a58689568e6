import type { BeleniosCheck } from '@shared/belenios';
import type { ErrorCode } from '@shared/errors';
import { DomainError } from '../errors/domain-error';

/**
 * The sentence a refused ballot gets, by the check of the core that refused it (shared/belenios/errors.ts).
 * Shape, canonical form and group membership are one sentence to a voter: the ballot is not one a Belenios
 * program writes.
 */
const BALLOT_REFUSALS: Record<BeleniosCheck, ErrorCode> = {
  size: 'verifiable.ballotTooLarge',
  json: 'verifiable.ballotMalformed',
  canonical: 'verifiable.ballotMalformed',
  group: 'verifiable.ballotMalformed',
  archive: 'verifiable.ballotMalformed',
  election: 'verifiable.ballotOtherElection',
  credential: 'verifiable.ballotCredential',
  trustee: 'verifiable.ballotCredential',
  signature: 'verifiable.ballotSignature',
  proof: 'verifiable.ballotProof',
};

export const ballotRefusal = (check: BeleniosCheck) => new DomainError(BALLOT_REFUSALS[check]);

/** A trustee key or a partial decryption is refused with one sentence whatever the check: it is the trustee's. */
export const trusteeKeyRefusal = () => new DomainError('verifiable.trusteeKeyInvalid');
export const shareRefusal = () => new DomainError('verifiable.shareInvalid');
