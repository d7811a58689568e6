// An outside authority's public credentials file of a nation's size sent in parts over real HTTP, as the admin
// console sends it (server/http/public-credentials-import.ts): begun with its size and SHA-256, then every part
// in order, the last one applying the list. Reports the time of the parts and of the last part (the apply), the
// event loop's longest pause, and the process's peak memory (resident set, the workers included) against what it
// was before the upload. The list is made of distinct members of the group (each the one before times g: a
// multiplication, where a private credential's derivation costs a PBKDF2 and an exponentiation, 15 minutes a
// million): the server's reading and checking of each is the same. The server's database is a file, so the rows
// are not counted as the process's memory. The file is written to disk and read a part at a time.
// Run alone: node --import tsx bench/credentials-upload.ts [--voters N] [--part-mb 8] [--json]
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDb, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { G, mul, powG, randomExponent } from '@shared/belenios/group';
import { publicCredentialsPartPath, publicCredentialsUploadsPath } from '@shared/public-credentials';
import { buildTestApp, sameOrigin } from '../tests/helpers/app';
import { createAdmin } from '../tests/helpers/factories';
import { sessionCookie } from '../tests/helpers/security/world';
import { verifiableElection } from '../tests/helpers/verifiable-factories';

const args = process.argv.slice(2);
const voters = Number(args[args.indexOf('--voters') + 1] ?? '') || 20_000;
const partMb = Number(args[args.indexOf('--part-mb') + 1] ?? '') || 8;
const json = args.includes('--json');

const folder = mkdtempSync(join(tmpdir(), 'codka-credentials-upload-'));
const db = createDb(join(folder, 'codka.db'));
migrateDb(db);
attachKeys(db, randomKeys());
const { electionId } = await verifiableElection(db, { open: false });

// The file, as belenios-tool writes it (one JSON array), written to disk as it is made.
const filePath = join(folder, 'election.pubcreds');
const made = performance.now();
const fd = openSync(filePath, 'w');
const hash = createHash('sha256');
let size = 0;
const write = (text: string) => {
  const bytes = Buffer.from(text);
  hash.update(bytes);
  writeSync(fd, bytes);
  size += bytes.length;
};
let credential = powG(randomExponent());
let batch: string[] = [];
write('[');
for (let i = 0; i < voters; i += 1) {
  batch.push(`${i === 0 ? '' : ','}"${credential}"`);
  credential = mul(credential, G);
  if (batch.length === 10_000) {
    write(batch.join(''));
    batch = [];
  }
}
write(`${batch.join('')}]`);
closeSync(fd);
const sha256 = hash.digest('hex');
const madeMs = performance.now() - made;

const built = await buildTestApp({
  db,
  env: { PUBLIC_CREDENTIALS_PART_BYTES: String(partMb * 1024 * 1024), RATE_LIMITS: 'false' },
});
await built.app.listen({ port: 0, host: '127.0.0.1' });
const address = built.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const adminId = (await createAdmin(db)).id;
const headers = {
  ...sameOrigin,
  cookie: sessionCookie(db, adminId, { steppedUp: true }),
  'accept-language': 'en',
};

// The workers started (and their code loaded) before the clock runs, as in a server that has been up a while.
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
let heapPeak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  rssPeak = Math.max(rssPeak, usage.rss);
  heapPeak = Math.max(heapPeak, usage.heapUsed);
}, 50);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const started = performance.now();
const begun = await fetch(`${base}${publicCredentialsUploadsPath(electionId)}`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ size, sha256 }),
});
const { upload, partBytes, parts } = (await begun.json()) as {
  upload: string;
  partBytes: number;
  parts: number;
};
if (begun.status !== 201) throw new Error(`begin: ${begun.status}`);
// Read without blocking: the client shares the server's event loop, whose pauses are what is measured.
const input = await open(filePath, 'r');
const part = Buffer.alloc(partBytes);
let lastPartMs = 0;
let answer: unknown;
for (let index = 0; index < parts; index += 1) {
  const { bytesRead: length } = await input.read(part, 0, partBytes, index * partBytes);
  // The last part applies the list, a minute or more at this size, and the step-up is checked again at its end:
  // confirmed just before, as an admin who was asked for the password shortly before would have.
  if (index === parts - 1) headers.cookie = sessionCookie(db, adminId, { steppedUp: true });
  const sent = performance.now();
  const send = () =>
    fetch(`${base}${publicCredentialsPartPath(electionId, upload, index)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: part.subarray(0, length),
    });
  let response = await send();
  if (response.status === 428) {
    // The step-up lasts minutes and a national file takes longer: the admin confirms the password again (a
    // stepped-up session) and the same part is sent again, as the console's fetchWithStepUp does.
    await response.arrayBuffer();
    headers.cookie = sessionCookie(db, adminId, { steppedUp: true });
    response = await send();
  }
  answer = await response.json();
  if (response.status !== 200) throw new Error(`part ${index}: ${response.status} ${JSON.stringify(answer)}`);
  if (index === parts - 1) lastPartMs = performance.now() - sent;
  // Where a long run has got to, on stderr (the figures stay alone on stdout).
  if (index % 10 === 9)
    process.stderr.write(
      `part ${index + 1} of ${parts}: ${Math.round((performance.now() - started) / 1000)} s, ` +
        `resident peak ${Math.round(rssPeak / 1024 / 1024)} MB\n`,
    );
}
await input.close();
const ms = performance.now() - started;
delay.disable();
clearInterval(sampler);
const peakRss = rssPeak;
const maxRss = process.resourceUsage().maxRSS * 1024;
await built.app.close();
rmSync(folder, { recursive: true, force: true });

const MB = 1024 * 1024;
const figures = {
  voters,
  fileMb: Math.round(size / MB),
  partMb,
  parts,
  count: (answer as { count?: number }).count,
  totalS: Math.round(ms / 100) / 10,
  partsS: Math.round((ms - lastPartMs) / 100) / 10,
  lastPartS: Math.round(lastPartMs / 100) / 10,
  maxDelayMs: Math.round(delay.max / 1e6),
  p99DelayMs: Math.round(delay.percentile(99) / 1e6),
  rssBeforeMb: Math.round(rssBefore / MB),
  rssPeakMb: Math.round(peakRss / MB),
  heapPeakMb: Math.round(heapPeak / MB),
  processMaxRssMb: Math.round(maxRss / MB),
  fileMadeS: Math.round(madeMs / 100) / 10,
};
if (json) console.log(JSON.stringify(figures));
else
  console.log(
    `${voters.toLocaleString('en')} public credentials (${figures.fileMb} MB) in ${parts} parts of ${partMb} MB: ` +
      `${figures.totalS} s (the parts ${figures.partsS} s, the last part and the apply ${figures.lastPartS} s); ` +
      `event loop pause max ${figures.maxDelayMs} ms, p99 ${figures.p99DelayMs} ms; ` +
      `memory (resident, workers included) ${figures.rssBeforeMb} MB before, peak ${figures.rssPeakMb} MB; ` +
      `heap peak ${figures.heapPeakMb} MB (the process's peak, making the file included: ${figures.processMaxRssMb} MB)`,
  );
