import { derivedCredential } from '@server/belenios/credential-source';
import type { Db } from '@server/db/client';
import { elections } from '@server/db/schema';
import { archiveBytes } from '@server/services/verifiable/archive';
import { preparationSettled, startCredentialPreparation } from '@server/services/verifiable/preparation';
import { createVerifiableSide, openVerifiable } from '@server/services/verifiable/setup';
import { closeVerifiable } from '@server/services/verifiable/tally';
import { addTrustee } from '@server/services/verifiable/trustees';
import {
  computePartialDecryption,
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
  publicCredential,
  readArchive,
} from '@shared/belenios';
import { G, mul } from '@shared/belenios/group';
import { eq } from 'drizzle-orm';
import { createElection } from './election-factories';
import { createAdmin } from './factories';

const HOUR = 3_600_000;

/**
 * Verifiable elections made straight through the services (the API's own tests are in
 * tests/server/verifiable): a draft with two trustees whose private keys the test keeps, opened for every
 * account that exists then, and, for the tally's tests, closed with its encrypted tally.
 */
export async function verifiableElection(db: Db, options: { open?: boolean; candidateCount?: number } = {}) {
  const made = createElection(db, {
    status: 'Draft',
    eligibility: 'signedIn',
    candidateCount: options.candidateCount ?? 2,
  });
  const electionId = made.election.id;
  db.update(elections).set({ counting: 'verifiable' }).where(eq(elections.id, electionId)).run();
  createVerifiableSide(db, electionId);
  const actorId = (await createAdmin(db)).id;
  const keys = [generateTrusteeKey(), generateTrusteeKey()];
  const trustees = [];
  for (const [i, key] of keys.entries()) {
    const { id, token } = await addTrustee(
      db,
      { electionId, name: `Trustee ${i + 1}`, publicKey: key.publicKey },
      actorId,
    );
    trustees.push({ id, token, privateKey: parseTrusteePrivateKey(key.privateKey) });
  }
  if (options.open !== false) {
    startCredentialPreparation(db, electionId);
    await preparationSettled(db, electionId);
    db.transaction(() => {
      db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
      openVerifiable(db, electionId, new Date());
    });
  }
  return { electionId, candidates: made.candidates, trustees };
}

/** The election's Belenios text as its archive holds it. */
export function beleniosElection(db: Db, electionId: string) {
  const bytes = archiveBytes(db, electionId);
  if (!bytes) throw new Error('no archive');
  return parseElection(readArchive(bytes).setup.election);
}

/** A ballot for one voter, made with the browser's code and the voter's Codka credential. */
export function ballotFor(db: Db, electionId: string, userId: string, choice: number[] = [1, 0]): string {
  const election = beleniosElection(db, electionId);
  return encryptBallot(election, derivedCredential(db, election.uuid, userId), [choice]).ballot;
}

/** Closes an open verifiable election (its end passed) and tallies it; returns each trustee's valid share. */
export async function talliedElection(db: Db) {
  const made = await verifiableElection(db);
  db.update(elections)
    .set({
      status: 'Closed',
      endTime: new Date(Date.now() - HOUR),
      startTime: new Date(Date.now() - 2 * HOUR),
    })
    .where(eq(elections.id, made.electionId))
    .run();
  if (!(await closeVerifiable(db, made.electionId))) throw new Error('the election did not close');
  const bytes = archiveBytes(db, made.electionId);
  const archive = readArchive(bytes ?? new Uint8Array());
  const election = parseElection(archive.setup.election);
  const tally = parseEncryptedTally(archive.encryptedTally?.tally ?? '', election);
  const shares = made.trustees.map((t) => computePartialDecryption(election, tally, t.privateKey));
  return { ...made, shares };
}

/**
 * An outside authority's list of `count` public credentials, with the private credential of the one at `voterAt`
 * (a voter who signs a ballot with it). That one is derived as the authority derives each of its own (a key
 * derivation, then g^s); the others are g^(s+1), g^(s+2)... one multiplication each, because a list of a nation's
 * size derived one by one costs the test many times what the server spends reading it. They are numbers of the
 * group, each different: what the server checks of every entry, the same way whatever made it.
 */
export function publicCredentialList(uuid: string, count: number, voterAt = 0) {
  const voterCredential = generateCredential();
  const voterPublic = publicCredential(uuid, voterCredential);
  let element = BigInt(voterPublic);
  const following: string[] = [];
  for (let index = 1; index < count; index += 1) {
    element = mul(element, G);
    following.push(element.toString());
  }
  const publics = [...following.slice(0, voterAt), voterPublic, ...following.slice(voterAt)];
  return { publics, voterCredential };
}
