// The opening of a verifiable election with Codka as credential authority: every eligible voter's public credential
// (a PBKDF2 and a 2048-bit exponentiation each) computed in the verification workers, then stored with the setup in
// the opening's transaction. Reports credentials per second and the event loop's delay meanwhile (what every other
// request would wait). Run alone: node --import tsx bench/verifiable-opening.ts [--voters N] [--json]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeVerifyPool, verifyPool } from '@server/belenios/verify-pool';
import { elections } from '@server/db/schema';
import { openVerifiable, prepareCredentials } from '@server/services/verifiable/setup';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../tests/helpers/db';
import { verifiableElection } from '../tests/helpers/verifiable-factories';

const args = process.argv.slice(2);
const voters = Number(args[args.indexOf('--voters') + 1] ?? '') || 5000;
const json = args.includes('--json');

const db = createTestDb();
const { electionId } = await verifiableElection(db, { open: false });
db.$client
  .prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
     INSERT INTO users (id, email, created_at)
     SELECT printf('bench-%d', i), printf('bench.%d@bulk.codka.example', i), :at FROM n`,
  )
  .run({ count: voters, at: Date.now() });
// The workers started (and their code loaded) before the clock runs, as in a server that has been up a while.
await verifyPool().run({ kind: 'publicCredentials', uuid: 'Abcdefghijkmno', privateCredentials: [] });

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
const prepared = await prepareCredentials(db, electionId);
const preparedMs = performance.now() - started;
const transactionStarted = performance.now();
db.transaction(() => {
  db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
  openVerifiable(db, electionId, new Date(), prepared);
});
const transactionMs = performance.now() - transactionStarted;
// The histogram records a pause when its timer next runs: after the transaction, not before.
await new Promise((resolve) => setTimeout(resolve, 50));
delay.disable();
const workers = verifyPool().options.size;
await closeVerifyPool();

const made = prepared?.byAccount.size ?? 0;
const figures = {
  voters: made,
  workers,
  credentialsPerSecond: Math.round(made / (preparedMs / 1000)),
  transactionMs: Math.round(transactionMs),
  eventLoopDelayMs: {
    p50: Math.round(delay.percentile(50) / 1e6),
    p99: Math.round(delay.percentile(99) / 1e6),
    max: Math.round(delay.max / 1e6),
  },
};
if (json) console.log(JSON.stringify(figures));
else
  console.log(
    `${figures.voters} credentials on ${figures.workers} worker(s): ${figures.credentialsPerSecond}/s; ` +
      `the opening's transaction ${figures.transactionMs} ms; event-loop delay p50 ${figures.eventLoopDelayMs.p50} ms, ` +
      `p99 ${figures.eventLoopDelayMs.p99} ms, max ${figures.eventLoopDelayMs.max} ms`,
  );
