// `npm start` builds only what is missing or older than its sources, so a fresh clone needs no extra step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

const shared = ['shared', 'package.json', 'package-lock.json'];
const targets = [
  {
    output: 'dist/site/server/index.cjs',
    sources: ['client', 'vite.config.ts', 'react-router.config.ts', 'server/routers', ...shared],
    script: 'build:site',
  },
  { output: 'dist/server/index.js', sources: ['server', 'seed', ...shared], script: 'build:server' },
];

for (const { output, sources, script } of targets) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built < newestMtime(sources)) {
    console.log(`Building (${script})...`);
    execSync(`npm run --silent ${script}`, { stdio: 'inherit' });
  }
}
