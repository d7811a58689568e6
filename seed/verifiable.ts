import { derivedCredential } from '@server/belenios/credential-source';
import type { Db } from '@server/db/client';
import { elections } from '@server/db/schema';
import { readStoredArchive } from '@server/services/verifiable/archive';
import { castBallot } from '@server/services/verifiable/ballots';
import { preparationSettled, startCredentialPreparation } from '@server/services/verifiable/preparation';
import { createVerifiableSide, openVerifiable } from '@server/services/verifiable/setup';
import { closeVerifiable, submitPartialDecryption } from '@server/services/verifiable/tally';
import { addTrustee } from '@server/services/verifiable/trustees';
import {
  computePartialDecryption,
  encryptBallot,
  generateTrusteeKey,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
} from '@shared/belenios';
import { eq } from 'drizzle-orm';
import type { DemoTrustee, DemoTrustees } from './demo-accounts';
import {
  addSomali,
  DEMO_ELECTIONS,
  type DemoElection,
  demoElectionTitle,
  demoVoters,
  descriptionOf,
  findDemoElection,
  insertDemoElection,
} from './elections';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The demo's verifiable elections, made as a real one is: through the same services the API calls. The trustees'
 * keys are made by the Belenios core (as the /trustee page makes them), the setup is fixed at the opening, each
 * demo voter's ballot is encrypted with their Codka credential and cast through votes.castBallot's service,
 * and a closed one is closed (the encrypted tally), decrypted by each trustee and counted; so its archive
 * passes `belenios-tool election verify`. Found again by its English description, a second run adds nothing.
 *
 * Returns the open election's trustees (their tokens and private keys) when it was made by this run, for the
 * caller to keep in the owner-only files beside the demo accounts: with them the demo can be counted on
 * /trustee once an admin closes it. A closed election's keys have done their work and are not kept.
 */
export async function seedVerifiableElections(
  db: Db,
  actors: { adminId: string; voterIds: string[] },
  now: Date,
): Promise<DemoTrustees | null> {
  let kept: DemoTrustees | null = null;
  for (const demo of DEMO_ELECTIONS) {
    if (!demo.verifiable) continue;
    const existing = findDemoElection(db, demo);
    if (existing) {
      db.transaction((tx) =>
        addSomali(tx, existing.id, demo, demoElectionTitle(demo, now), descriptionOf(demo)),
      );
      continue;
    }
    const made = await seedVerifiable(db, demo, actors, now);
    if (demo.status === 'Active') {
      kept = { electionId: made.electionId, title: demoElectionTitle(demo, now), trustees: made.trustees };
    }
  }
  return kept;
}

async function seedVerifiable(
  db: Db,
  demo: DemoElection,
  actors: { adminId: string; voterIds: string[] },
  now: Date,
): Promise<{ electionId: string; trustees: DemoTrustee[] }> {
  const start = new Date(now.getTime() + demo.startOffsetDays * DAY);
  const end = new Date(now.getTime() + demo.endOffsetDays * DAY);
  const voters = demoVoters(demo, actors.voterIds);
  const castAt = (index: number) => new Date(start.getTime() + (index + 1) * HOUR);
  // The service takes a ballot only while the election is open at the ballot's time and at the clock's: while
  // its ballots are cast, its window holds both (a closed one, or a seed dated another day, is not open now).
  const clock = Date.now();
  const castingWindow = {
    startTime: new Date(Math.min(start.getTime(), clock)),
    endTime: new Date(Math.max(end.getTime(), castAt(voters.length).getTime(), clock) + DAY),
  };
  const electionId = db.transaction((tx) => {
    const { election } = insertDemoElection(tx, demo, actors.adminId, now, {
      status: 'Draft',
      counting: 'verifiable',
      ...castingWindow,
    });
    createVerifiableSide(tx, election.id);
    return election.id;
  });

  const trustees: DemoTrustee[] = [];
  for (const name of demo.verifiable?.trustees ?? []) {
    const key = generateTrusteeKey();
    const { token } = await addTrustee(db, { electionId, name, publicKey: key.publicKey }, actors.adminId);
    trustees.push({ name, token, privateKey: key.privateKey });
  }

  // The opening, as the request and the second admin's confirm make it: the voters' credentials prepared by
  // the job, then Active and the setup in one transaction, the archive stamped with the election's start.
  startCredentialPreparation(db, electionId);
  await preparationSettled(db, electionId);
  db.transaction(() => {
    db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
    openVerifiable(db, electionId, start);
  });
  const setup = readStoredArchive(db, electionId)?.setup.election;
  if (!setup) throw new Error(`the demo election ${demo.key} has no setup`);
  const election = parseElection(setup);

  // Each ballot is encrypted while the one before is checked in a worker; they are accepted in order.
  let previous: Promise<unknown> = Promise.resolve();
  for (const [index, { userId, choice }] of voters.entries()) {
    const vote = demo.candidates.map((_, i) => (i === choice ? 1 : 0));
    const { ballot } = encryptBallot(election, derivedCredential(db, election.uuid, userId), [vote]);
    await previous;
    previous = castBallot(db, userId, { electionId, ballot }, castAt(index));
  }
  await previous;
  db.update(elections)
    .set({ status: demo.status, startTime: start, endTime: end })
    .where(eq(elections.id, electionId))
    .run();
  if (demo.status === 'Active') return { electionId, trustees };

  if (!(await closeVerifiable(db, electionId, now)))
    throw new Error(`the demo election ${demo.key} did not close`);
  const tallyText = readStoredArchive(db, electionId)?.encryptedTally?.tally;
  if (!tallyText) throw new Error(`the demo election ${demo.key} has no encrypted tally`);
  const tally = parseEncryptedTally(tallyText, election);
  // Each trustee's share, made as the /trustee page makes it from the private key file, and sent.
  for (const trustee of trustees) {
    const partialDecryption = computePartialDecryption(
      election,
      tally,
      parseTrusteePrivateKey(trustee.privateKey),
    );
    await submitPartialDecryption(db, { token: trustee.token, partialDecryption });
  }
  return { electionId, trustees };
}
