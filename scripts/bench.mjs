// `npm run bench`: builds if needed, runs every benchmark in the list below, prints a table of target vs
// measured vs PASS/FAIL per benchmark and writes bench/results/<name>.json, bench/results/latest.json and
// latest.md. To add a benchmark, add an entry to `benchmarks`: run() returns its figures, rows() its table rows
// as [id, what, measured, target, pass (true, false, or null when there is no target)].
//
// Side by side with a reference build: the entries with `compared` run on this tree and on the reference
// (bench/reference.mjs checks it out, installs and builds it once, kept in the system's temporary folder), and
// their rows get a sixth cell, the reference's figure, shown in a column of its own.
//   --reference=<git ref>   the reference build (default: bench/reference.mjs's DEFAULT_REFERENCE)
//   --no-reference          this tree alone
//   --only=<name>,<name>    these benchmarks alone; latest.md keeps the other benchmarks' tables as they were
// The budgets beside the reference, in about 15 minutes on two cores:
//   npm run bench -- --only=landing-size,lighthouse,page-ttfb,server-load
// LIGHTHOUSE_RUNS (default 3) sets Lighthouse's runs per page and build.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { TARGET_JS_KB } from '../bench/landing-size.mjs';
import { DEFAULT_REFERENCE, prepareReference } from '../bench/reference.mjs';

const { values: options } = parseArgs({
  options: {
    reference: { type: 'string', default: DEFAULT_REFERENCE },
    'no-reference': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A benchmark written in TypeScript (it uses the server's or the tests' TypeScript modules), run through tsx in a
 * child process: its progress lines go to stderr, its figures are the JSON of its last line.
 */
function tsxJson(script, args = []) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.toString().trim().split('\n').at(-1));
}

const benchmarks = [
  {
    name: 'landing-size',
    compared: true,
    run: async (trees) => {
      const { run } = await import('../bench/landing-size.mjs');
      const results = [];
      for (const tree of trees) results.push(await run({ tree }));
      return results;
    },
    rows: (size, before) => [
      [
        'F1',
        `first visit to /: all JavaScript downloaded, lazy parts and prefetches included (gzip, ${size.scripts} scripts${before ? `; reference ${before.scripts}` : ''})`,
        kb(size.jsGzipBytes),
        `<= ${TARGET_JS_KB} KB`,
        size.jsGzipBytes <= TARGET_JS_KB * 1024,
        before && kb(before.jsGzipBytes),
      ],
      [
        'F1',
        'first visit to /: HTML (gzip)',
        kb(size.htmlGzipBytes),
        '',
        null,
        before && kb(before.htmlGzipBytes),
      ],
      ...[
        ['without images (data saver off)', (s) => s.transfer.dataSaverOff.withoutImagesBytes],
        ['photos included, data saver off', (s) => s.transfer.dataSaverOff.totalBytes],
        ['photos included, data saver on', (s) => s.transfer.dataSaverOn.totalBytes],
      ].map(([what, bytes]) => [
        'F1',
        `first visit to /, ${what}`,
        kb(bytes(size)),
        '',
        null,
        before && kb(bytes(before)),
      ]),
    ],
  },
  {
    name: 'lighthouse',
    compared: true,
    run: async (trees) => (await import('../bench/lighthouse.mjs')).run({ trees }),
    rows: (lighthouse, before) => {
      // A performance score with every run's score beside it: the median is the figure, the runs its spread.
      const performance = (page) => `${page.scores.performance} (${page.performanceRuns.join(', ')})`;
      const lcpInHtml = (page) =>
        page.lcpInServerHtmlRuns.every(Boolean) ? 'yes' : `no (${page.lcpInServerHtmlRuns.join(', ')})`;
      return Object.entries(lighthouse.pages).flatMap(([route, page]) => {
        const then = before?.pages[route];
        return [
          ...Object.entries(lighthouse.targets).map(([category, target]) => [
            'F2',
            category === 'performance'
              ? `Lighthouse performance on ${route} (mobile, median of ${page.performanceRuns.length}; each run's in brackets)`
              : `Lighthouse ${category} on ${route} (mobile)`,
            category === 'performance' ? performance(page) : String(page.scores[category]),
            `>= ${target}`,
            page.scores[category] >= target,
            then && (category === 'performance' ? performance(then) : String(then.scores[category])),
          ]),
          [
            'F2',
            `LCP element of ${route} in the server's HTML (every run)`,
            lcpInHtml(page),
            'yes',
            page.lcpInServerHtmlRuns.every(Boolean),
            then && lcpInHtml(then),
          ],
        ];
      });
    },
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
    compared: true,
    // The reference runs R1 alone: the figures compared are R1's.
    run: async ([tree, reference]) => {
      const { run } = await import('../bench/server-load.mjs');
      const current = await run({ tree });
      return reference ? [current, await run({ tree: reference, only: 'r1' })] : [current];
    },
    rows: async (result, before) => (await import('../bench/server-load.mjs')).rowsOf(result, before),
  },
  {
    name: 'static-files',
    compared: true,
    run: async (trees) => {
      const { run } = await import('../bench/static-files.mjs');
      const results = [];
      for (const tree of trees) results.push(await run({ tree }));
      return results;
    },
    rows: async (result, before) => (await import('../bench/static-files.mjs')).rowsOf(result, before),
  },
  {
    name: 'page-ttfb',
    compared: true,
    run: async (trees) => {
      const { run } = await import('../bench/page-ttfb.mjs');
      const results = [];
      for (const tree of trees) results.push(await run({ tree }));
      return results;
    },
    rows: async (result, before) => (await import('../bench/page-ttfb.mjs')).rowsOf(result, before),
  },
  {
    name: 'results-read',
    run: async () => (await import('../bench/results-read.mjs')).run(),
    rows: async (result) => (await import('../bench/results-read.mjs')).rowsOf(result),
  },
  {
    name: 'verifiable',
    // V1 runs the server's verification pool from its TypeScript source, so it goes through tsx; V2 casts
    // ballots at the rate V1 measured.
    run: async () => {
      const verify = tsxJson('bench/ballot-verify.ts');
      const { run } = await import('../bench/verifiable-load.mjs');
      return { verify, reads: await run({ rate: verify.codka.perCoreRate }) };
    },
    rows: async (result) => (await import('../bench/verifiable-load.mjs')).rowsOf(result),
  },
  {
    name: 'ballot-encrypt',
    run: async () => tsxJson('bench/ballot-encrypt.ts'),
    rows: (encrypt) => {
      const figure = ({ medianMs, runsMs }) => `${medianMs} ms (${runsMs.join(', ')})`;
      return [
        [
          'V3',
          `encrypting a five-candidate ballot in the browser at Lighthouse's 4x CPU slowdown: the built Belenios worker's script run afresh on the page's main thread, the one thread CDP slows (median of ${encrypt.runs}; each run's in brackets; load average ${encrypt.loadAverage.before} to ${encrypt.loadAverage.after}, shared machine)`,
          figure(encrypt.mainThread4x),
          '<= 1,000 ms',
          encrypt.mainThread4x.medianMs <= 1000 && encrypt.verified === encrypt.runs * 3,
        ],
        ['V3', 'the same without slowdown', figure(encrypt.mainThread1x), '', null],
        [
          'V3',
          'as the ballot screen runs it: a fresh module worker, start to answer, without slowdown (CDP cannot slow a worker)',
          figure(encrypt.worker1x),
          '',
          null,
        ],
      ];
    },
  },
  {
    name: 'crash-durability',
    run: async () => tsxJson('bench/crash-durability.ts', ['--json']),
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

const names = benchmarks.map((benchmark) => benchmark.name);
const only = options.only?.split(',').map((name) => name.trim()) ?? names;
const unknown = only.filter((name) => !names.includes(name));
if (unknown.length > 0) {
  throw new Error(`--only: no benchmark named ${unknown.join(', ')} (the names: ${names.join(', ')})`);
}
const selected = benchmarks.filter((benchmark) => only.includes(benchmark.name));

let reference = null;
if (!options['no-reference'] && selected.some((benchmark) => benchmark.compared)) {
  console.error('\nreference build');
  reference = prepareReference(options.reference);
}

mkdirSync('bench/results', { recursive: true });
const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' };
const report = { date: new Date().toISOString(), ...machine, reference: reference?.commit, results: {} };
const load = () => loadavg()[0].toFixed(1);
// latest.md holds one section per benchmark; a run of some of them keeps the others' sections as they were.
// Written after each benchmark, so that a run stopped halfway keeps what it measured.
const LATEST = 'bench/results/latest.md';
const previous = existsSync(LATEST) ? readFileSync(LATEST, 'utf8') : '';
const kept = {};
for (const section of previous.split(/^(?=## )/m).slice(1)) {
  kept[section.slice(3, section.indexOf('\n')).trim()] = section.trim();
}
function writeLatest(sections) {
  writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  const all = { ...kept, ...sections };
  writeFileSync(
    LATEST,
    '# Latest benchmark figures\n\n' +
      'Each section is the last run of one benchmark (`npm run bench`; see scripts/bench.mjs). Memory figures are ' +
      'resident set size (RSS) of the server process. How to read them: docs/scaling.md. The reference column: ' +
      'the same benchmark on the reference build (bench/reference.mjs), measured in the same run.\n\n' +
      `${names
        .filter((name) => name in all)
        .map((name) => all[name])
        .join('\n\n')}\n`,
  );
}

const sections = {};
for (const benchmark of selected) {
  console.error(`\n${benchmark.name}`);
  const started = performance.now();
  const loadBefore = load();
  const compared = Boolean(benchmark.compared && reference);
  const results = benchmark.compared
    ? await benchmark.run(compared ? [process.cwd(), reference.folder] : [process.cwd()])
    : [await benchmark.run()];
  const [result, before] = results;
  const date = new Date().toISOString();
  report.results[benchmark.name] = { result, reference: before };
  const saved = { date, ...machine, result, ...(compared && { reference: reference.commit, before }) };
  writeFileSync(`bench/results/${benchmark.name}.json`, `${JSON.stringify(saved, null, 2)}\n`);
  const rows = await benchmark.rows(result, before);
  const table = markdownTable(rows, compared ? `reference ${reference.short}` : null);
  console.log(`\n${table}`);
  console.error(`${benchmark.name}: ${Math.round((performance.now() - started) / 1000)} s`);
  sections[benchmark.name] = [
    `## ${benchmark.name}`,
    '',
    `${date.slice(0, 10)}: Node ${machine.node}, ${machine.cpus} cores (${machine.cpu}), load average ${loadBefore} before, ${load()} after` +
      (compared ? `; reference: commit ${reference.commit}, in the same run.` : '.'),
    '',
    table,
  ].join('\n');
  report.results[benchmark.name].rows = rows;
  writeLatest(sections);
}

/** One markdown table; with `referenceLabel`, a column for each row's sixth cell, the reference's figure. */
function markdownTable(rows, referenceLabel) {
  const verdict = (pass) => (pass === null ? '' : pass ? 'PASS' : 'FAIL');
  const columns = ['id', 'what', 'target', 'measured', ...(referenceLabel ? [referenceLabel] : []), 'result'];
  return [
    `| ${columns.join(' | ')} |`,
    `|${' --- |'.repeat(columns.length)}`,
    ...rows.map(
      ([id, what, measured, target, pass, before]) =>
        `| ${[id, what, target, measured, ...(referenceLabel ? [before ?? ''] : []), verdict(pass)].join(' | ')} |`,
    ),
  ].join('\n');
}

console.log('\nwritten: bench/results/latest.json, bench/results/latest.md and one JSON file per benchmark');
const failed = Object.values(report.results)
  .flatMap((entry) => entry.rows)
  .filter((row) => row[4] === false).length;
if (failed > 0) console.log(`${failed} target(s) not met`);
