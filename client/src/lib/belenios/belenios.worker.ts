/// <reference lib="webworker" />
/**
 * The Belenios worker: encrypts a voter's ballot, opens an audited one, makes a trustee's key pair, checks it
 * against the public key Codka holds and computes a trustee's share of the tally, all on the reader's own device
 * (docs/decisions/023-belenios-format.md). Nothing secret it handles (credential, randomness, private key) is sent anywhere by it.
 */
import {
  auditBallot,
  BeleniosError,
  ballotTracker,
  computePartialDecryption,
  encryptBallot,
  generateTrusteeKey,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
  readArchive,
} from '@shared/belenios';
import { powG } from '@shared/belenios/group';
import type { BeleniosRequest, BeleniosResponse } from './protocol';

function answer(request: BeleniosRequest): BeleniosResponse {
  switch (request.kind) {
    case 'encrypt': {
      const election = parseElection(request.election);
      const choices = election.questions.map((q) => q.answers.map((a) => (a === request.choice ? 1 : 0)));
      if (!choices.some((q) => q.includes(1)))
        throw new BeleniosError('election', 'the choice is not one of the election answers');
      const encrypted = encryptBallot(election, request.credential.trim(), choices);
      return { kind: 'encrypt', ...encrypted };
    }
    case 'audit': {
      const election = parseElection(request.election);
      const opened = auditBallot(request.ballot, election, request.randomness);
      // The answers the ballot opens to, by name, so the voter sees what the browser encrypted.
      const choices = opened.flatMap((q, i) =>
        q.flatMap((m, j) => (m === 1 ? [String(election.questions[i]?.answers[j])] : [])),
      );
      return { kind: 'audit', choices };
    }
    case 'generateKey':
      return { kind: 'generateKey', ...generateTrusteeKey() };
    case 'decrypt': {
      const election = parseElection(request.election);
      const tally = parseEncryptedTally(request.encryptedTally, election);
      const key = parseTrusteePrivateKey(request.privateKey.trim());
      return { kind: 'decrypt', partialDecryption: computePartialDecryption(election, tally, key) };
    }
    case 'keyMatches': {
      const key = parseTrusteePrivateKey(request.privateKey.trim());
      return { kind: 'keyMatches', matches: powG(key).toString() === request.publicKey };
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
