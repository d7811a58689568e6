// `npm run bench`: builds if needed, runs every benchmark, prints a table and writes bench/results/latest.json.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const { result: size } = await import('../bench/landing-size.mjs');
const { run: coldStart } = await import('../bench/cold-start.mjs');
const start = await coldStart();

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
];
console.log('\n| id | what | measured | target |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

mkdirSync('bench/results', { recursive: true });
const report = { date: new Date().toISOString(), node: process.version, size, coldStart: start };
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log('\nwritten: bench/results/latest.json');
