// V3: encrypting a five-candidate ballot in the browser, with and without Lighthouse's 4x CPU slowdown (CDP's
// Emulation.setCPUThrottlingRate), in Debian's Chromium on a page of the built server. Chromium slows only a
// page's main thread: on a worker the command answers "Operation is only supported for pages, not workers", and
// a worker started from a slowed page runs at full speed. So the built Belenios worker's script
// (dist/site/client/assets/belenios.worker-*.js) is run two ways:
//   - on the page's main thread, slowed 4x and not slowed: the script evaluated afresh with a `self` of our own
//     (it uses `self` only for onmessage and postMessage), then asked to encrypt: reading the election's text,
//     its fixed-base tables, the encryption and its proofs, as the worker does them;
//   - as the ballot screen runs it (client/src/lib/belenios/run.ts), a fresh module worker asked to encrypt,
//     not slowed (nothing can slow it), from the worker's start to its answer.
// The request is the ballot screen's (client/src/lib/belenios/protocol.ts); fetching the election's text is in
// neither. Runs alternate between the three, so the shared machine's load weighs on each alike; the figure is the
// median. Every ballot the browser made is then verified by the core.
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ballotTracker, verifyBallot } from '@shared/belenios';
import { chromium } from 'playwright-core';
import type { BeleniosRequest, BeleniosResponse } from '../client/src/lib/belenios/protocol';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median, startServer } from './lib.mjs';
import { ANSWERS, benchElection } from './verifiable-setup';

const RUNS = Number(process.env.BALLOT_ENCRYPT_RUNS ?? 5);
const ASSETS = 'dist/site/client/assets';

const workerFile = readdirSync(ASSETS).find((name) => /^belenios\.worker-[\w-]+\.js$/.test(name));
if (!workerFile) throw new Error(`no Belenios worker in ${ASSETS}: build first (npm run build)`);

const load = () => Number((loadavg()[0] ?? 0).toFixed(1));
const loadBefore = load();
const made = benchElection(1);
const credential = made.credentials[0] ?? '';
const choice = ANSWERS[2] ?? '';

const server = await startServer({ SEED_DEMO: 'false' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.slice(1) });
try {
  // The page's Content-Security-Policy allows no eval, which the main-thread runs need (the browser tests check
  // that the real worker loads under it).
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${server.origin}/`, { waitUntil: 'load' });
  const session = await context.newCDPSession(page);
  const url = `/assets/${workerFile}`;
  const request: Extract<BeleniosRequest, { kind: 'encrypt' }> = {
    kind: 'encrypt',
    election: made.electionText,
    credential,
    choice,
  };
  // The worker's script as the server serves it, kept in the page for the main-thread runs.
  await page.evaluate(async (url) => {
    (window as unknown as { beleniosSource: string }).beleniosSource = await (await fetch(url)).text();
  }, url);
  type Answer = BeleniosResponse | { kind: 'none' };
  const onMainThread = () =>
    page.evaluate((request) => {
      const source = (window as unknown as { beleniosSource: string }).beleniosSource;
      const started = performance.now();
      let answer: Answer = { kind: 'none' };
      // Assigned, not written in an object literal: tsx would name a literal's function with a helper the page
      // does not have.
      const scope: { onmessage?: (event: { data: unknown }) => void; postMessage?: (data: Answer) => void } =
        {};
      scope.postMessage = (data) => {
        answer = data;
      };
      new Function('self', source)(scope);
      scope.onmessage?.({ data: request });
      return { ms: performance.now() - started, answer };
    }, request);
  const inWorker = () =>
    page.evaluate(
      async ({ url, request }) => {
        const started = performance.now();
        const worker = new Worker(url, { type: 'module' });
        const answer = await new Promise<Answer>((resolve, reject) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => reject(new Error(event.message || 'the worker failed'));
          worker.postMessage(request);
        });
        const ms = performance.now() - started;
        worker.terminate();
        return { ms, answer };
      },
      { url, request },
    );
  const ways = {
    mainThread4x: { rate: 4, encrypt: onMainThread },
    mainThread1x: { rate: 1, encrypt: onMainThread },
    worker1x: { rate: 1, encrypt: inWorker },
  };

  // Once each unmeasured: the worker's script into the browser's cache, as on a voter's second ballot.
  await onMainThread();
  await inWorker();
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  const ballots: { ballot: string; tracker: string }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [way, { rate, encrypt }] of Object.entries(ways)) {
      await session.send('Emulation.setCPUThrottlingRate', { rate });
      const { ms, answer } = await encrypt();
      if (answer.kind !== 'encrypt')
        throw new Error(
          `the worker's script did not encrypt (${way}): ${answer.kind === 'error' ? answer.message : answer.kind}`,
        );
      times[way]?.push(ms);
      ballots.push({ ballot: answer.ballot, tracker: answer.tracker });
    }
  }
  await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  for (const { ballot, tracker } of ballots) {
    const verified = verifyBallot(ballot, made.election, made.credentialList);
    if (verified.tracker !== tracker || ballotTracker(ballot) !== tracker)
      throw new Error('a ballot made in the browser has another tracker than the worker said');
  }
  console.log(
    JSON.stringify({
      runs: RUNS,
      worker: join(ASSETS, workerFile),
      chromium: browser.version(),
      ...Object.fromEntries(
        Object.keys(ways).map((way) => [
          way,
          { medianMs: Math.round(median(times[way] ?? [])), runsMs: times[way]?.map(Math.round) },
        ]),
      ),
      verified: ballots.length,
      loadAverage: { before: loadBefore, after: load() },
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
