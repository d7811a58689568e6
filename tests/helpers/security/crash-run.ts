import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import Database from 'better-sqlite3';
import { createElection } from '../election-factories';
import { createPoll, createVoters } from '../poll-factories';
import { type ServerEntry, type ServerProcess, startServerProcess } from './server-process';

/**
 * Crash durability (OWASP ASVS V11 / the voting promise "your vote, once confirmed, is kept"): many citizens
 * vote against the real server on a database file; the server is killed with SIGKILL while requests are in
 * flight, restarted on the same file, and every vote it had confirmed must still be there. Citizens whose
 * request died with the process try again, as a person would, and get either a receipt or "already voted".
 */
export interface CrashRunOptions {
  citizens: number;
  crashes: number;
  /** Requests in flight at any moment. */
  concurrency: number;
  entry: ServerEntry;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

interface Citizen {
  userId: string;
  cookie: string;
  candidateId: string;
  pollCandidateId: string;
  receiptId: string | null;
  pollVoteId: string | null;
  castDone: boolean;
  pollDone: boolean;
}

export interface CrashRunResult {
  citizens: number;
  crashes: number;
  requests: number;
  acknowledgedVotes: number;
  acknowledgedPollVotes: number;
  confirmedByRetry: number;
  lostVotes: number;
  serverErrors: number;
  inFlightAtKills: number[];
  integrity: string;
  elapsedMs: number;
}

type Outcome = 'ok' | 'conflict' | 'lost-connection';

export async function runCrashDurability(options: CrashRunOptions): Promise<CrashRunResult> {
  const started = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'codka-crash-'));
  const databasePath = join(folder, 'codka.db');
  const log = options.log ?? (() => {});
  try {
    const db = createDb(databasePath);
    migrateDb(db);
    const { election, candidates } = createElection(db, { candidateCount: 4 });
    const { poll, candidates: pollCandidates } = createPoll(db, { candidateCount: 3 });
    const citizens: Citizen[] = createVoters(db, options.citizens).map((userId, index) => ({
      userId,
      cookie: `codka_session=${createSession(db, userId).token}`,
      candidateId: candidates[index % candidates.length]?.id ?? '',
      pollCandidateId: pollCandidates[index % pollCandidates.length]?.id ?? '',
      receiptId: null,
      pollVoteId: null,
      castDone: false,
      pollDone: false,
    }));
    closeDb(db);

    const tally = { requests: 0, serverErrors: 0, confirmedByRetry: 0, inFlight: 0 };
    const inFlightAtKills: number[] = [];
    const confirmedBeforeCrash: string[] = [];

    async function send(server: ServerProcess, path: string, citizen: Citizen, input: unknown) {
      tally.requests += 1;
      tally.inFlight += 1;
      try {
        const response = await fetch(`${server.origin}/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.origin, cookie: citizen.cookie },
          body: JSON.stringify({ json: input }),
        });
        const body = (await response.json()) as { result?: { data: { json: Record<string, string> } } };
        if (response.status >= 500) tally.serverErrors += 1;
        if (response.status === 409) return { outcome: 'conflict' as Outcome };
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        return { outcome: 'ok' as Outcome, data: body.result?.data.json ?? {} };
      } catch (error) {
        if (error instanceof Error && error.message.includes('answered')) throw error;
        return { outcome: 'lost-connection' as Outcome };
      } finally {
        tally.inFlight -= 1;
      }
    }

    /** One citizen's pending votes; stops early once the server is gone. */
    async function vote(server: ServerProcess, citizen: Citizen): Promise<boolean> {
      if (!citizen.castDone) {
        const cast = await send(server, 'votes.cast', citizen, {
          electionId: election.id,
          candidateId: citizen.candidateId,
        });
        if (cast.outcome === 'lost-connection') return false;
        citizen.castDone = true;
        if (cast.outcome === 'ok') {
          citizen.receiptId = cast.data?.receiptId ?? null;
          if (citizen.receiptId) confirmedBeforeCrash.push(citizen.receiptId);
        } else tally.confirmedByRetry += 1;
      }
      if (!citizen.pollDone) {
        const pollVote = await send(server, 'polls.vote', citizen, {
          pollId: poll.id,
          candidateId: citizen.pollCandidateId,
        });
        if (pollVote.outcome === 'lost-connection') return false;
        citizen.pollDone = true;
        if (pollVote.outcome === 'ok') citizen.pollVoteId = pollVote.data?.voteId ?? null;
        else tally.confirmedByRetry += 1;
      }
      return true;
    }

    for (let cycle = 0; cycle <= options.crashes; cycle += 1) {
      const server = await startServerProcess({
        entry: options.entry,
        databasePath,
        uploadsDir: join(folder, 'uploads'),
        env: options.env,
      });
      const lost = missingVotes(databasePath, citizens);
      if (lost.length > 0)
        throw new Error(`after restart ${cycle}, confirmed votes are missing: ${lost.join(', ')}`);
      // The receipts confirmed just before the crash, checked the way a voter would: on the receipt page.
      for (const receiptId of confirmedBeforeCrash.splice(0)) {
        const input = encodeURIComponent(JSON.stringify({ json: { receiptId } }));
        const response = await fetch(`${server.origin}/trpc/votes.verifyReceipt?input=${input}`);
        tally.requests += 1;
        if (response.status !== 200)
          throw new Error(`receipt ${receiptId} did not verify after restart ${cycle}`);
      }
      const crashing = cycle < options.crashes;
      const queue = citizens.filter((citizen) => !citizen.castDone || !citizen.pollDone);
      // Crash somewhere in the middle of this cycle's share of the citizens, with requests in flight.
      const killAfter = Math.max(
        1,
        Math.floor((queue.length / (options.crashes + 1 - cycle)) * (0.3 + Math.random() * 0.4)),
      );
      let answered = 0;
      let killed: Promise<void> | null = null;
      const worker = async () => {
        for (;;) {
          const citizen = queue.shift();
          if (!citizen || killed) return;
          const complete = await vote(server, citizen);
          if (!complete) return;
          answered += 1;
          if (crashing && answered >= killAfter && !killed) {
            inFlightAtKills.push(tally.inFlight);
            killed = server.kill();
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      if (killed) await killed;
      else await server.stop();
      log(
        `cycle ${cycle + 1}: ${answered} citizens answered${crashing ? `, then SIGKILL with ${inFlightAtKills.at(-1)} requests in flight` : ', all done'}`,
      );
    }

    const remaining = citizens.filter((citizen) => !citizen.castDone || !citizen.pollDone).length;
    if (remaining > 0) throw new Error(`${remaining} citizens could not finish voting`);
    const lostVotes = missingVotes(databasePath, citizens).length;
    const check = new Database(databasePath);
    const integrity = check.pragma('integrity_check', { simple: true }) as string;
    const voteCount = check.prepare('SELECT count(*) FROM votes').pluck().get() as number;
    const pollVoteCount = check.prepare('SELECT count(*) FROM poll_votes').pluck().get() as number;
    check.close();
    if (voteCount !== options.citizens || pollVoteCount !== options.citizens) {
      throw new Error(
        `expected ${options.citizens} votes of each kind, found ${voteCount} and ${pollVoteCount}`,
      );
    }
    return {
      citizens: options.citizens,
      crashes: options.crashes,
      requests: tally.requests,
      acknowledgedVotes: citizens.filter((citizen) => citizen.receiptId).length,
      acknowledgedPollVotes: citizens.filter((citizen) => citizen.pollVoteId).length,
      confirmedByRetry: tally.confirmedByRetry,
      lostVotes,
      serverErrors: tally.serverErrors,
      inFlightAtKills,
      integrity,
      elapsedMs: Math.round(performance.now() - started),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Confirmed votes (a receipt or a poll vote id was answered) that the database no longer holds. */
function missingVotes(databasePath: string, citizens: Citizen[]): string[] {
  const db = new Database(databasePath);
  try {
    const receipts = new Set(db.prepare('SELECT receipt_id FROM votes').pluck().all() as string[]);
    const pollVoteIds = new Set(db.prepare('SELECT id FROM poll_votes').pluck().all() as string[]);
    return citizens.flatMap((citizen) => [
      ...(citizen.receiptId && !receipts.has(citizen.receiptId) ? [`receipt ${citizen.receiptId}`] : []),
      ...(citizen.pollVoteId && !pollVoteIds.has(citizen.pollVoteId)
        ? [`poll vote ${citizen.pollVoteId}`]
        : []),
    ]);
  } finally {
    db.close();
  }
}
