/// <reference lib="webworker" />
/**
 * The Belenios worker: encrypts a voter's ballot, opens an audited one, makes a trustee's key pair and computes a
 * trustee's share of the tally, all on the reader's own device (docs/decisions/022-belenios-format.md). Nothing
 * secret it handles (credential, randomness, private key) is sent anywhere by it.
 */
import {
  auditBallot,
  ballotTracker,
  BeleniosError,
  computePartialDecryption,
  encryptBallot,
  generateTrusteeKey,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
  readArchive,
} from '@shared/belenios';
import type { BeleniosRequest, BeleniosResponse } from './protocol';

function electionOf(archive: ArrayBuffer) {
  const read = readArchive(new Uint8Array(archive));
  return { read, election: parseElection(read.setup.election) };
}

function answer(request: BeleniosRequest): BeleniosResponse {
  switch (request.kind) {
    case 'encrypt': {
      const { election } = electionOf(request.archive);
      const encrypted = encryptBallot(election, request.credential.trim(), request.choices);
      return {
        kind: 'encrypt',
        ...encrypted,
        answers: election.questions.map((q) => q.answers.map(String)),
      };
    }
    case 'audit': {
      const { election } = electionOf(request.archive);
      return { kind: 'audit', choices: auditBallot(request.ballot, election, request.randomness) };
    }
    case 'generateKey':
      return { kind: 'generateKey', ...generateTrusteeKey() };
    case 'decrypt': {
      const { read, election } = electionOf(request.archive);
      if (!read.encryptedTally) throw new BeleniosError('archive', 'the tally is not computed yet');
      const tally = parseEncryptedTally(read.encryptedTally.tally, election);
      const key = parseTrusteePrivateKey(request.privateKey.trim());
      return { kind: 'decrypt', partialDecryption: computePartialDecryption(election, tally, key) };
    }
    case 'findTracker': {
      const read = readArchive(new Uint8Array(request.archive));
      const tracker = request.tracker.trim();
      return {
        kind: 'findTracker',
        found: read.ballots.some((text) => ballotTracker(text) === tracker),
        ballots: read.ballots.length,
      };
    }
  }
}

self.onmessage = (event: MessageEvent<BeleniosRequest>) => {
  let response: BeleniosResponse;
  try {
    response = answer(event.data);
  } catch (error) {
    response = {
      kind: 'error',
      check: error instanceof BeleniosError ? error.check : 'internal',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  self.postMessage(response);
};
