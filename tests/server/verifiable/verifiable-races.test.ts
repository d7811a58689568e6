import { derivedCredential } from '@server/belenios/credential-source';
import { electionArchiveChunks, electionCredentials, elections, encryptedBallots } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { errorText } from '@server/errors/texts';
import { readStoredArchive } from '@server/services/verifiable/archive';
import { setPublicCredentials } from '@server/services/verifiable/credentials';
import { openVerifiable } from '@server/services/verifiable/setup';
import { encryptBallot, generateCredential, publicCredential } from '@shared/belenios';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { subDir, toolDir } from '../../helpers/belenios-tool';
import { createAdmin, createUser } from '../../helpers/factories';
import {
  beleniosUuid,
  cookieOf,
  downloadArchive,
  listening,
  type TrpcAnswer,
  toolVerifies,
  trpc,
} from '../../helpers/verifiable';
import {
  ballotFor,
  beleniosElection,
  talliedElection,
  verifiableElection,
} from '../../helpers/verifiable-factories';

/**
 * Attacks by timing on a verifiable election's writes, over real HTTP on a real SQLite database: one voter's
 * ballots sent on many connections at once, one outside credential used by several accounts at once, and a
 * trustee's share sent twice at once. Whatever the order the checks finish in, one ballot per voter and per
 * credential and one share per trustee reach the archive, and every other request gets its sentence in the
 * caller's language, never a 5xx.
 */

let built: TestApp;
let base: string;
const tools = toolDir();

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
});
afterAll(() => built.app.close());

/** How many connections send at once (CODKA_VERIFIABLE_RACE_CONNECTIONS; each ballot is made and checked). */
const CONNECTIONS = Number(process.env.CODKA_VERIFIABLE_RACE_CONNECTIONS ?? 20);

type Code =
  | 'vote.alreadyCast'
  | 'verifiable.ballotCredential'
  | 'verifiable.shareAlreadyGiven'
  | 'verifiable.notTallied';

/** The sentence the server's locale files give a refusal, in English or Somali. */
const sentence = (code: Code, lang: 'en' | 'so') => errorText(new DomainError(code), lang);

const language = (i: number) => (i % 2 === 0 ? 'en' : 'so');

/** Every refusal is `status code` with the code's sentence in the language it was asked in; none is a 5xx. */
function expectRefusals(answers: TrpcAnswer[], status: number, code: Code) {
  for (const [i, answer] of answers.entries()) {
    if (answer.status === 200) continue;
    expect(answer.status, answer.error?.message).toBeLessThan(500);
    expect(`${answer.status} ${answer.error?.data.errorCode}`).toBe(`${status} ${code}`);
    expect(answer.error?.message).toBe(sentence(code, language(i)));
  }
}

const storedBallots = (electionId: string) =>
  built.db.select().from(encryptedBallots).where(eq(encryptedBallots.electionId, electionId)).all();

const eventsOf = (electionId: string, type: string) =>
  (readStoredArchive(built.db, electionId)?.events ?? []).filter((event) => event.type === type).length;

/** The same request's body sent on `CONNECTIONS` connections, all started before any answer comes. */
function castAll(electionId: string, ballots: string[], cookies: string[]) {
  return Promise.all(
    ballots.map((ballot, i) =>
      trpc(
        base,
        'votes.castBallot',
        { electionId, ballot },
        { cookie: cookies[i % cookies.length], language: language(i) },
      ),
    ),
  );
}

/** A draft given an outside authority's list of `count` credentials, then opened; the private ones kept. */
async function externalElection(count: number) {
  const { electionId } = await verifiableElection(built.db, { open: false });
  const uuid = beleniosUuid(built, electionId);
  const privates = Array.from({ length: count }, () => generateCredential());
  const admin = await createAdmin(built.db);
  await setPublicCredentials(
    built.db,
    { electionId, file: Buffer.from(JSON.stringify(privates.map((p) => publicCredential(uuid, p)))) },
    () => admin.id,
  );
  built.db.transaction(() => {
    built.db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
    openVerifiable(built.db, electionId, new Date());
  });
  return { electionId, privates };
}

describe(`one voter’s ballots from ${CONNECTIONS} connections at once`, { timeout: 60_000 }, () => {
  it('the same ballot: one accepted, one archive entry, every other answer the one-ballot sentence', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const ballot = ballotFor(built.db, electionId, voter.id);
    const answers = await castAll(electionId, Array(CONNECTIONS).fill(ballot), [cookieOf(built, voter)]);

    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 409, 'vote.alreadyCast');
    expect(storedBallots(electionId).map((b) => b.ballot)).toEqual([ballot]);
    expect(readStoredArchive(built.db, electionId)?.ballots).toEqual([ballot]);
    expect(eventsOf(electionId, 'Ballot')).toBe(1);
  });

  it('different ballots, each valid: one accepted, one archive entry, every other answer the one-ballot sentence', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const ballots = Array.from({ length: CONNECTIONS }, (_, i) =>
      ballotFor(built.db, electionId, voter.id, i % 2 === 0 ? [1, 0] : [0, 1]),
    );
    expect(new Set(ballots).size).toBe(CONNECTIONS);
    const answers = await castAll(electionId, ballots, [cookieOf(built, voter)]);

    const accepted = answers.findIndex((a) => a.status === 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 409, 'vote.alreadyCast');
    expect(storedBallots(electionId).map((b) => b.ballot)).toEqual([ballots[accepted]]);
    expect(readStoredArchive(built.db, electionId)?.ballots).toEqual([ballots[accepted]]);
  });

  it('with an outside authority, each ballot signed with another unused credential: one kept, the others’ credentials left unused', async () => {
    const { electionId, privates } = await externalElection(CONNECTIONS + 1);
    const voter = await createUser(built.db);
    const election = beleniosElection(built.db, electionId);
    const ballots = privates.slice(0, CONNECTIONS).map((p) => encryptBallot(election, p, [[1, 0]]).ballot);
    const answers = await castAll(electionId, ballots, [cookieOf(built, voter)]);

    const accepted = answers.findIndex((a) => a.status === 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 409, 'vote.alreadyCast');
    expect(readStoredArchive(built.db, electionId)?.ballots).toEqual([ballots[accepted]]);
    // Only the accepted ballot's credential is taken, by this voter; a refused one is still free for its owner.
    const taken = built.db
      .select()
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, electionId))
      .all()
      .filter((row) => row.userId !== null);
    expect(taken.map((row) => row.userId)).toEqual([voter.id]);
    const other = await createUser(built.db);
    const unused = privates[accepted === 0 ? 1 : 0] as string;
    const later = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot: encryptBallot(election, unused, [[0, 1]]).ballot },
      { cookie: cookieOf(built, other) },
    );
    expect(later.status, later.error?.message).toBe(200);
  });
});

describe(`one voter, one outside credential, ${CONNECTIONS} different ballots at once`, {
  timeout: 60_000,
}, () => {
  it('one accepted; every other answer the one-ballot sentence, not another voter’s', async () => {
    const { electionId, privates } = await externalElection(2);
    const voter = await createUser(built.db);
    const election = beleniosElection(built.db, electionId);
    const ballots = Array.from(
      { length: CONNECTIONS },
      () => encryptBallot(election, privates[0] as string, [[0, 1]]).ballot,
    );
    const answers = await castAll(electionId, ballots, [cookieOf(built, voter)]);

    const accepted = answers.findIndex((a) => a.status === 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 409, 'vote.alreadyCast');
    expect(readStoredArchive(built.db, electionId)?.ballots).toEqual([ballots[accepted]]);
  });
});

describe('one credential, several accounts', { timeout: 60_000 }, () => {
  it('an outside authority’s credential typed by ten accounts at once signs one ballot; the others get its sentence', async () => {
    const { electionId, privates } = await externalElection(2);
    const election = beleniosElection(built.db, electionId);
    const accounts = await Promise.all(Array.from({ length: 10 }, () => createUser(built.db)));
    const ballots = accounts.map(() => encryptBallot(election, privates[0] as string, [[1, 0]]).ballot);
    const answers = await castAll(
      electionId,
      ballots,
      accounts.map((a) => cookieOf(built, a)),
    );

    const accepted = answers.findIndex((a) => a.status === 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 400, 'verifiable.ballotCredential');
    expect(storedBallots(electionId).map((b) => [b.userId, b.ballot])).toEqual([
      [accounts[accepted]?.id, ballots[accepted]],
    ]);
    expect(eventsOf(electionId, 'Ballot')).toBe(1);
  });

  it('is impossible by construction with Codka’s credentials: one row per credential, one credential per voter, one ballot per credential', async () => {
    const [first, second] = [await createUser(built.db), await createUser(built.db)];
    const { electionId } = await verifiableElection(built.db);
    const own = (userId: string) =>
      built.db
        .select()
        .from(electionCredentials)
        .where(and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.userId, userId)))
        .all();
    const [firstRow] = own(first.id);
    const [secondRow] = own(second.id);
    expect(own(first.id)).toHaveLength(1);
    if (!firstRow || !secondRow) throw new Error('a voter has no credential');
    expect(firstRow.credential).not.toBe(secondRow.credential);

    // The database itself refuses the first voter's credential given to a second account, or a second credential.
    expect(() =>
      built.db
        .insert(electionCredentials)
        .values({ ...firstRow, userId: second.id })
        .run(),
    ).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() =>
      built.db
        .insert(electionCredentials)
        .values({ electionId, credential: '12345', userId: first.id })
        .run(),
    ).toThrow(/UNIQUE/);

    // A ballot signed with the first voter's credential is not the second account's to cast, even first.
    const election = beleniosElection(built.db, electionId);
    const stolen = encryptBallot(election, derivedCredential(built.db, election.uuid, first.id), [[1, 0]]);
    for (const lang of ['en', 'so'] as const) {
      const answer = await trpc(
        base,
        'votes.castBallot',
        { electionId, ballot: stolen.ballot },
        { cookie: cookieOf(built, second), language: lang },
      );
      expect(`${answer.status} ${answer.error?.data.errorCode}`).toBe('400 verifiable.ballotCredential');
      expect(answer.error?.message).toBe(sentence('verifiable.ballotCredential', lang));
    }
    expect(storedBallots(electionId)).toEqual([]);

    // And one credential signs one stored ballot, whoever's account it would be stored under.
    const cast = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot: stolen.ballot },
      { cookie: cookieOf(built, first) },
    );
    expect(cast.status).toBe(200);
    const [row] = storedBallots(electionId);
    if (!row) throw new Error('the ballot was not stored');
    expect(() =>
      built.db
        .insert(encryptedBallots)
        .values({ ...row, id: crypto.randomUUID(), userId: second.id, tracker: `${row.tracker}x` })
        .run(),
    ).toThrow(/UNIQUE/);
  });
});

describe('trustees’ shares at once', { timeout: 120_000 }, () => {
  it('each trustee’s share sent twice at once: one of each kept, the result appended once, belenios-tool agrees', async () => {
    const { electionId, trustees, shares } = await talliedElection(built.db);
    const before = eventsOf(electionId, 'PartialDecryption');
    const sends = [0, 1, 0, 1].map((t, i) =>
      trpc(
        base,
        'trustees.submitPartialDecryption',
        { token: trustees[t]?.token, partialDecryption: shares[t] },
        { language: language(i) },
      ),
    );
    const answers = await Promise.all(sends);

    for (const t of [0, 1]) {
      const own = answers.filter((_, i) => i % 2 === t);
      expect(own.filter((a) => a.status === 200)).toHaveLength(1);
    }
    expectRefusals(answers, 409, 'verifiable.shareAlreadyGiven');
    const archive = readStoredArchive(built.db, electionId);
    expect(before).toBe(0);
    expect(eventsOf(electionId, 'PartialDecryption')).toBe(2);
    expect(archive?.partialDecryptions.map((p) => p.owner).sort()).toEqual([1, 2]);
    expect(eventsOf(electionId, 'Result')).toBe(1);
    // Every ballot counted: the election has no ballots, so every count is zero.
    expect(archive?.result).toBe('{"result":[[0,0]]}');

    const dir = subDir(tools, 'race');
    await downloadArchive(base, electionId, dir, beleniosUuid(built, electionId));
    toolVerifies(dir);
  });

  it('a share for a tally not computed yet is refused with its sentence and appends nothing', async () => {
    const { shares } = await talliedElection(built.db);
    const share = shares[0] as string;
    const running = await verifiableElection(built.db);
    // Closed with its end passed, but the records timer has not computed the tally yet.
    const ended = await verifiableElection(built.db);
    built.db
      .update(elections)
      .set({
        status: 'Closed',
        startTime: new Date(Date.now() - 7_200_000),
        endTime: new Date(Date.now() - 1),
      })
      .where(eq(elections.id, ended.electionId))
      .run();
    for (const { electionId, trustees } of [running, ended]) {
      const chunks = () =>
        built.db
          .select()
          .from(electionArchiveChunks)
          .where(eq(electionArchiveChunks.electionId, electionId))
          .all().length;
      const before = chunks();
      const answers = await Promise.all(
        [0, 1].map((i) =>
          trpc(
            base,
            'trustees.submitPartialDecryption',
            { token: trustees[0]?.token, partialDecryption: share },
            { language: language(i) },
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
      expectRefusals(answers, 412, 'verifiable.notTallied');
      expect(chunks()).toBe(before);
    }
  });
});
