// The reference build the budgets are measured against, side by side in the same run: a commit checked out
// with `git worktree add` in the system's temporary folder, installed from its own lockfile (`npm ci`, npm's
// cache makes it quick) and built with its own `npm run build`. Kept there, keyed by commit, for the next run:
// a folder is reused only once its build has finished. Each tree is then started by its own scripts/start.mjs
// (bench/lib.mjs), so the bench needs to know nothing of either tree's build layout.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/**
 * The last build on Preact's compatibility layer, before React ran itself (docs/decisions): the site whose
 * JavaScript weight, Lighthouse scores and server figures the React build is held against.
 */
export const DEFAULT_REFERENCE = 'd57b9bf33b3daceb2720cfaac27c2ce59e9a891c';

const git = (args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
// The reference installs and builds with the Node this bench runs on (the project's own), whatever `node` the
// system's PATH finds first: its native modules must fit the Node that will load them.
// Its output (the old build's warnings) is shown only when a step fails.
function run(command, args, folder) {
  try {
    execFileSync(command, args, {
      cwd: folder,
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` },
    });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    throw error;
  }
}

/** Checks out, installs and builds `ref` once; resolves to `{ commit, short, folder }`. */
export function prepareReference(ref = DEFAULT_REFERENCE, log = (line) => console.error(`  ${line}`)) {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const short = commit.slice(0, 7);
  const folder = join(tmpdir(), `codka-bench-reference-${commit.slice(0, 12)}`);
  const ready = join(folder, '.bench-ready');
  if (existsSync(ready)) {
    log(`reference ${short}: the build in ${folder}`);
    return { commit, short, folder };
  }
  // A folder left half-made by an interrupted run is made again from scratch.
  if (existsSync(folder)) {
    rmSync(folder, { recursive: true, force: true });
  }
  git(['worktree', 'prune']);
  log(`reference ${short}: checking out into ${folder}`);
  run('git', ['worktree', 'add', '--detach', folder, commit]);
  log(`reference ${short}: npm ci`);
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], folder);
  log(`reference ${short}: npm run build`);
  run('npm', ['run', '--silent', 'build'], folder);
  writeFileSync(ready, `${commit}\n`);
  return { commit, short, folder };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(prepareReference(process.argv[2])));
}
