// The opening of a verifiable election with Codka as credential authority. First the preparation job: every
// eligible voter's public credential (a PBKDF2 and a 2048-bit exponentiation each) computed in the verification
// workers and written 1,000 a transaction while the request waits. Then the confirm: the credentials brought up to
// date, the setup's credentials file built before the transaction, and the transaction that stores it. Reports
// credentials per second, the event loop's longest pause during each (what every other request would wait) and
// the transaction's length. Run alone: node --import tsx bench/verifiable-opening.ts [--voters N] [--json]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeVerifyPool, verifyPool } from '@server/belenios/verify-pool';
import { electionArchiveChunks, elections } from '@server/db/schema';
import { preparationSettled, startCredentialPreparation } from '@server/services/verifiable/preparation';
import { openVerifiable, prepareOpening } from '@server/services/verifiable/setup';
import { count, eq } from 'drizzle-orm';
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

/** The event loop's delay while `work` runs (a pause is recorded when the histogram's timer next runs). */
async function measured<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  return { result, ms, maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
}

const preparation = await measured(async () => {
  startCredentialPreparation(db, electionId);
  await preparationSettled(db, electionId);
});
// Between the preparation and the confirm a few accounts are made: the confirm gives them theirs.
db.$client
  .prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
     INSERT INTO users (id, email, created_at) SELECT printf('late-%d', i), printf('late.%d@codka.example', i), 0 FROM n`,
  )
  .run();
let transactionMs = 0;
const confirm = await measured(async () => {
  const ahead = await prepareOpening(db, electionId);
  const started = performance.now();
  db.transaction(() => {
    db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
    openVerifiable(db, electionId, new Date(), ahead);
  });
  transactionMs = performance.now() - started;
});
const workers = verifyPool().options.size;
await closeVerifyPool();

const chunks =
  db
    .select({ n: count() })
    .from(electionArchiveChunks)
    .where(eq(electionArchiveChunks.electionId, electionId))
    .get()?.n ?? 0;
const figures = {
  voters,
  workers,
  credentialsPerSecond: Math.round(voters / (preparation.ms / 1000)),
  preparationMs: Math.round(preparation.ms),
  preparationMaxDelayMs: Math.round(preparation.maxMs),
  confirmMs: Math.round(confirm.ms),
  confirmMaxDelayMs: Math.round(confirm.maxMs),
  transactionMs: Math.round(transactionMs),
  archiveChunks: chunks,
};
if (json) console.log(JSON.stringify(figures));
else
  console.log(
    `${figures.voters} voters on ${figures.workers} worker(s): preparation ${figures.preparationMs} ms ` +
      `(${figures.credentialsPerSecond} credentials/s, event loop's longest pause ${figures.preparationMaxDelayMs} ms); ` +
      `confirm ${figures.confirmMs} ms (longest pause ${figures.confirmMaxDelayMs} ms, its transaction ` +
      `${figures.transactionMs} ms); setup in ${chunks} archive chunks`,
  );
