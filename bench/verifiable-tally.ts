// The close of a verifiable election at a national size: the encrypted tally of N five-candidate ballots,
// computed in parts from an archive stored on disk. The ballots are one ballot made by the browser's code, its
// credential replaced by a different number each time: the tally reads ballots without checking them again (they
// were checked when cast), so only their size and shape matter here. Reports the close's time, ballots a second,
// the process's peak memory above what it held before the close (workers included: they are threads of it), the
// event loop's longest pause (beside the same measure with nothing to do, on a shared machine), the event loop's
// own CPU time, and the archive's size.
// Run alone: node --import tsx bench/verifiable-tally.ts [--ballots N] [--db PATH] [--json]
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeVerifyPool, verifyPool } from '@server/belenios/verify-pool';
import { createDb, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { archiveSize, archiveVersion } from '@server/services/verifiable/archive';
import { closeVerifiable, tallyLimits } from '@server/services/verifiable/tally';
import { ArchiveWriter } from '@shared/belenios';
import { createUser } from '../tests/helpers/factories';
import { ballotFor, verifiableElection } from '../tests/helpers/verifiable-factories';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ballots = Number(option('--ballots')) || 10_000;
const json = args.includes('--json');
const path = option('--db') ?? join(tmpdir(), `codka-tally-bench-${process.pid}.db`);

for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
const db = createDb(path);
migrateDb(db);
attachKeys(db, randomKeys());

const voter = await createUser(db);
const { electionId } = await verifiableElection(db, { candidateCount: 5 });
const template = ballotFor(db, electionId, voter.id, [0, 0, 1, 0, 0]);
const credential = /"credential":"(\d+)"/.exec(template)?.[1] ?? '';

/** A number of 600 digits, below p (617 digits) as a credential is. */
function randomCredential(): string {
  let text = String(1 + Math.floor(Math.random() * 9));
  while (text.length < 600)
    text += Math.floor(Math.random() * 1e15)
      .toString()
      .padStart(15, '0');
  return text.slice(0, 600);
}

// The ballots appended as the server appends them (a chunk each, after the archive's last event), written with
// one prepared statement in transactions of 10,000: building a national archive otherwise takes longer than its tally.
const building = performance.now();
const lastChunk = db.$client
  .prepare<[string], { seq: number; bytes: Buffer }>(
    'SELECT seq, bytes FROM election_archive_chunks WHERE election_id = ? ORDER BY seq DESC LIMIT 1',
  )
  .get(electionId);
if (!lastChunk) throw new Error('the election has no archive');
const writer = ArchiveWriter.continueAfter(lastChunk.bytes);
const insert = db.$client.prepare<[string, number, Buffer]>(
  'INSERT INTO election_archive_chunks (election_id, seq, bytes) VALUES (?, ?, ?)',
);
const ballotParts = template.split(`"credential":"${credential}"`);
for (let done = 0; done < ballots; ) {
  const batch = Math.min(10_000, ballots - done);
  db.$client.transaction(() => {
    for (let i = 0; i < batch; i += 1) {
      const ballot = ballotParts.join(`"credential":"${randomCredential()}"`);
      const bytes = writer.addBallot(ballot);
      insert.run(
        electionId,
        lastChunk.seq + done + i + 1,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      );
    }
  })();
  done += batch;
}
const buildMs = performance.now() - building;
const version = archiveVersion(db, electionId) ?? 0;
const bytes = archiveSize(db, electionId, version);

// The workers started before the clock runs, as in a server that has been up a while.
await verifyPool().run({ kind: 'publicCredentials', uuid: 'Abcdefghijkmno', privateCredentials: [] });
const workers = verifyPool().options.size;
/** The event loop's longest pause while `work` runs (a pause is recorded when the histogram's timer next runs). */
async function delays<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  return { result, maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
}

// The same measure with nothing to do: on a machine shared with other work, its pauses are the machine's own.
const idle = await delays(() => new Promise((resolve) => setTimeout(resolve, 5_000)));
const before = process.memoryUsage();
let peak = { rss: before.rss, heap: before.heapUsed, buffers: before.arrayBuffers };
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peak = {
    rss: Math.max(peak.rss, now.rss),
    heap: Math.max(peak.heap, now.heapUsed),
    buffers: Math.max(peak.buffers, now.arrayBuffers),
  };
}, 20);
const started = performance.now();
const cpuBefore = process.threadCpuUsage();
const close = await delays(() => closeVerifiable(db, electionId, new Date(Date.now() + 48 * 3_600_000)));
const cpu = process.threadCpuUsage(cpuBefore);
const closeMs = performance.now() - started;
clearInterval(sampler);
await closeVerifyPool();
db.$client.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });

const mb = (n: number) => Math.round(n / 1024 / 1024);
const figures = {
  ballots,
  closed: close.result,
  workers,
  ballotsPerTask: tallyLimits.ballotsPerTask,
  archiveMb: mb(bytes),
  buildMs: Math.round(buildMs),
  closeMs: Math.round(closeMs),
  ballotsPerSecond: Math.round(ballots / (closeMs / 1000)),
  rssBeforeMb: mb(before.rss),
  peakRssAboveMb: mb(peak.rss - before.rss),
  peakHeapAboveMb: mb(peak.heap - before.heapUsed),
  peakBuffersAboveMb: mb(peak.buffers - before.arrayBuffers),
  mainThreadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  maxDelayMs: Math.round(close.maxMs),
  p99DelayMs: Math.round(close.p99Ms),
  idleMaxDelayMs: Math.round(idle.maxMs),
  idleP99DelayMs: Math.round(idle.p99Ms),
};
if (json) console.log(JSON.stringify(figures));
else
  console.log(
    `${ballots} ballots (archive ${figures.archiveMb} MB) on ${workers} worker(s): close ${figures.closeMs} ms ` +
      `(${figures.ballotsPerSecond} ballots/s), peak memory above the start ${figures.peakRssAboveMb} MB RSS ` +
      `(heap ${figures.peakHeapAboveMb} MB, buffers ${figures.peakBuffersAboveMb} MB), event loop's longest pause ` +
      `${figures.maxDelayMs} ms (p99 ${figures.p99DelayMs} ms; idle on this machine ${figures.idleMaxDelayMs} ms, ` +
      `p99 ${figures.idleP99DelayMs} ms), the event loop's own CPU ${figures.mainThreadCpuMs} ms`,
  );
