// Browser tests drive Debian's Chromium headless shell (tests/e2e/helpers/chromium.ts); the benchmarks, Debian's
// Chromium (bench/lib.mjs). When one is missing: install it as root, or say exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};

const missing = Object.entries(PACKAGES)
  .filter(([, path]) => !existsSync(path))
  .map(([name]) => name);
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Missing: ${missing.join(', ')}. Run: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})...`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
  const still = Object.entries(PACKAGES).filter(([, path]) => !existsSync(path));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map(([, path]) => path).join(', ')} is still missing.`);
    process.exit(1);
  }
}
