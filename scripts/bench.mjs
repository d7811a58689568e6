// `npm run bench`: builds if needed, runs every benchmark in the list below, prints a table of target vs
// measured vs PASS/FAIL and writes bench/results/<name>.json, bench/results/latest.json and latest.md.
// To add a benchmark, add an entry to `benchmarks`: run() returns its figures, rows() its table rows
// as [id, what, measured, target, pass (true, false, or null when there is no target)].
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const benchmarks = [
  {
    name: 'landing-size',
    run: async () => (await import('../bench/landing-size.mjs')).run(),
    rows: (size) => [
      [
        'F1',
        `first visit to /: all JavaScript downloaded, lazy parts and prefetches included (gzip, ${size.scripts} scripts)`,
        kb(size.jsGzipBytes),
        '<= 150 KB',
        size.jsGzipBytes <= 150 * 1024,
      ],
      ['F1', 'first visit to /: HTML (gzip)', kb(size.htmlGzipBytes), '', null],
      [
        'F1',
        'first visit to /, without images (data saver off)',
        kb(size.transfer.dataSaverOff.withoutImagesBytes),
        '',
        null,
      ],
      [
        'F1',
        'first visit to /, photos included, data saver off',
        kb(size.transfer.dataSaverOff.totalBytes),
        '',
        null,
      ],
      [
        'F1',
        'first visit to /, photos included, data saver on',
        kb(size.transfer.dataSaverOn.totalBytes),
        '',
        null,
      ],
    ],
  },
  {
    name: 'lighthouse',
    run: async () => (await import('../bench/lighthouse.mjs')).run(),
    rows: (lighthouse) =>
      Object.entries(lighthouse.pages).flatMap(([route, page]) => [
        ...Object.entries(lighthouse.targets).map(([category, target]) => [
          'F2',
          category === 'performance'
            ? `Lighthouse performance on ${route} (mobile, median of ${page.performanceRuns.length}: ${page.performanceRuns.join(', ')})`
            : `Lighthouse ${category} on ${route} (mobile)`,
          String(page.scores[category]),
          `>= ${target}`,
          page.scores[category] >= target,
        ]),
        [
          'F2',
          `LCP element of ${route} in the server's HTML (every run)`,
          page.lcpInServerHtmlRuns.every(Boolean) ? 'yes' : `no (${page.lcpInServerHtmlRuns.join(', ')})`,
          'yes',
          page.lcpInServerHtmlRuns.every(Boolean),
        ],
      ]),
  },
  {
    name: 'cold-start',
    run: async () => (await import('../bench/cold-start.mjs')).run(),
    rows: (start) => [
      [
        'S1',
        'cold start to /healthz 200, empty database (median)',
        `${start.emptyDatabase.medianMs} ms`,
        '<= 500 ms',
        start.emptyDatabase.medianMs <= 500,
      ],
      [
        'S1',
        'cold start to /healthz 200, seeding demo data (median)',
        `${start.withDemoSeed.medianMs} ms`,
        '',
        null,
      ],
      [
        'S1',
        'idle memory (RSS) 1 s after the first 200, empty database (median of 5 starts)',
        `${start.emptyDatabase.idleRssMb} MB`,
        '<= 100 MB',
        start.emptyDatabase.idleRssMb <= 100,
      ],
    ],
  },
  {
    name: 'server-load',
    run: async () => (await import('../bench/server-load.mjs')).run(),
    rows: async (result) => (await import('../bench/server-load.mjs')).rowsOf(result),
  },
  {
    name: 'page-ttfb',
    run: async () => (await import('../bench/page-ttfb.mjs')).run(),
    rows: async (result) => (await import('../bench/page-ttfb.mjs')).rowsOf(result),
  },
  {
    name: 'results-read',
    run: async () => (await import('../bench/results-read.mjs')).run(),
    rows: async (result) => (await import('../bench/results-read.mjs')).rowsOf(result),
  },
  {
    name: 'crash-durability',
    // D1 runs the TypeScript test helpers, so it goes through tsx; its progress lines go to stderr.
    run: async () => {
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'bench/crash-durability.ts', '--json'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      return JSON.parse(output.toString().trim().split('\n').at(-1));
    },
    rows: (durability) => [
      [
        'D1',
        `confirmed votes lost over ${durability.crashes} SIGKILLs mid-load (${durability.citizens} citizens)`,
        `${durability.lostVotes} of ${durability.acknowledgedVotes + durability.acknowledgedPollVotes}`,
        '0',
        durability.lostVotes === 0,
      ],
      [
        'D1',
        'server errors during the crash run',
        String(durability.serverErrors),
        '0',
        durability.serverErrors === 0,
      ],
      [
        'D1',
        'integrity_check after the last restart',
        durability.integrity,
        'ok',
        durability.integrity === 'ok',
      ],
    ],
  },
];

mkdirSync('bench/results', { recursive: true });
const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' };
const report = { date: new Date().toISOString(), ...machine, results: {} };
const rows = [];
for (const benchmark of benchmarks) {
  console.error(`\n${benchmark.name}`);
  const result = await benchmark.run();
  report.results[benchmark.name] = result;
  writeFileSync(
    `bench/results/${benchmark.name}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...machine, result }, null, 2)}\n`,
  );
  rows.push(...(await benchmark.rows(result)));
}

const verdict = (pass) => (pass === null ? '' : pass ? 'PASS' : 'FAIL');
const table = [
  '| id | what | target | measured | result |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map(
    ([id, what, measured, target, pass]) =>
      `| ${id} | ${what} | ${target} | ${measured} | ${verdict(pass)} |`,
  ),
].join('\n');
console.log(`\n${table}`);

writeFileSync('bench/results/latest.json', `${JSON.stringify({ ...report, rows }, null, 2)}\n`);
writeFileSync(
  'bench/results/latest.md',
  `# Latest benchmark figures\n\n\`npm run bench\` on ${report.date.slice(0, 10)}: Node ${machine.node}, ${machine.cpus} cores (${machine.cpu}).\n` +
    'Memory figures are resident set size (RSS) of the server process. How to read them: docs/scaling.md.\n\n' +
    `${table}\n`,
);
console.log('\nwritten: bench/results/latest.json, bench/results/latest.md and one JSON file per benchmark');
const failed = rows.filter((row) => row[4] === false).length;
if (failed > 0) console.log(`${failed} target(s) not met`);
