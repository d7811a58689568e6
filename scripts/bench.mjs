// `npm run bench`: builds if needed, runs every benchmark, prints a table and writes bench/results/latest.json.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const { result: size } = await import('../bench/landing-size.mjs');
const { run: coldStart } = await import('../bench/cold-start.mjs');
const start = await coldStart();
// D1 runs the TypeScript test helpers, so it goes through tsx; its progress lines go to stderr.
const durabilityOutput = execFileSync(
  process.execPath,
  ['--import', 'tsx', 'bench/crash-durability.ts', '--json'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const durability = JSON.parse(durabilityOutput.toString().trim().split('\n').at(-1));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [
  ['F1', 'landing JS for first render (gzip)', kb(size.firstRenderJsGzipBytes), '<= 150 KB'],
  ['F1', 'landing CSS for first render (gzip)', kb(size.firstRenderCssGzipBytes), '<= 30 KB'],
  ['F1', 'landing HTML + JS + CSS (gzip)', kb(size.firstRenderTotalGzipBytes), '<= 300 KB'],
  [
    'S1',
    'cold start to /healthz 200, empty database (median)',
    `${start.emptyDatabase.medianMs} ms`,
    '<= 500 ms',
  ],
  ['S1', 'cold start to /healthz 200, seeding demo data (median)', `${start.withDemoSeed.medianMs} ms`, ''],
  ['S1', 'idle memory (RSS)', `${start.emptyDatabase.idleRssMb} MB`, '<= 100 MB'],
  [
    'D1',
    `confirmed votes lost over ${durability.crashes} SIGKILLs mid-load (${durability.citizens} citizens)`,
    `${durability.lostVotes} of ${durability.acknowledgedVotes + durability.acknowledgedPollVotes}`,
    '0',
  ],
  ['D1', 'server errors during the crash run', String(durability.serverErrors), '0'],
  ['D1', 'integrity_check after the last restart', durability.integrity, 'ok'],
];
console.log('\n| id | what | measured | target |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

mkdirSync('bench/results', { recursive: true });
const report = { date: new Date().toISOString(), node: process.version, size, coldStart: start, durability };
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log('\nwritten: bench/results/latest.json');
