// Codemod: rewrites relative imports that climb out of their own top folder into the import aliases of
// tsconfig.json ("paths"): '../../../../../server/routers/_app' becomes '@server/routers/_app', and likewise
// @shared/... and @client/... (client/src). Imports inside one top folder stay relative: they move with it.
//
//   node scripts/alias-imports.mjs          rewrite, then let Biome sort the changed files' imports
//   node scripts/alias-imports.mjs --check  only list what it would rewrite; exits 1 when there is any
//
// Safe to run again at any time (after a merge, say): an alias is never rewritten. Only .ts and .tsx files:
// plain .mjs scripts run under Node without the aliases.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
/** Folders whose files are rewritten: every TypeScript source of the repository. */
const SOURCE_FOLDERS = ['server', 'client', 'shared', 'tests', 'seed', 'scripts', 'bench'];
/** Alias for each aliased top folder, as tsconfig.json's "paths" spells them. */
const ALIASES = [
  { folder: 'server/', alias: '@server/' },
  { folder: 'shared/', alias: '@shared/' },
  { folder: 'client/src/', alias: '@client/' },
];
/** A module specifier in an import, an export ... from, a dynamic import() or a vitest mock. */
const SPECIFIER =
  /(\bfrom\s+|\bimport\s+|\bimport\(\s*|\bvi\.(?:mock|doMock|unmock|importActual)(?:<[^>]*>)?\(\s*)(['"])(\.\.\/[^'"]*)\2/g;

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The top folder a repository path belongs to, for deciding whether an import leaves it. */
function topFolder(path) {
  const aliased = ALIASES.find(({ folder }) => path.startsWith(folder));
  return aliased ? aliased.folder : path.split('/')[0];
}

function rewrite(file, source) {
  const from = relative(repo, file).split('\\').join('/');
  const changes = [];
  const text = source.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const target = posix.normalize(posix.join(posix.dirname(from), specifier));
    const aliased = ALIASES.find(({ folder }) => target.startsWith(folder));
    if (!aliased || topFolder(from) === aliased.folder) return whole;
    const replacement = aliased.alias + target.slice(aliased.folder.length);
    changes.push(`${specifier} -> ${replacement}`);
    return `${lead}${quote}${replacement}${quote}`;
  });
  return { from, text, changes };
}

const check = process.argv.includes('--check');
const changed = [];
let count = 0;
for (const folder of SOURCE_FOLDERS) {
  const path = join(repo, folder);
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const file of sourceFiles(path)) {
    const source = readFileSync(file, 'utf8');
    const { from, text, changes } = rewrite(file, source);
    if (changes.length === 0) continue;
    changed.push(from);
    count += changes.length;
    if (check) for (const change of changes) console.log(`${from}: ${change}`);
    else writeFileSync(file, text);
  }
}

if (check) {
  console.log(`${count} relative imports in ${changed.length} files would become aliases.`);
  process.exit(changed.length > 0 ? 1 : 0);
}
if (changed.length > 0) {
  // An alias sorts with the packages, not with the relative imports: Biome puts each file's imports in order
  // (formatting and import order only; the lint report is `npm run lint`'s business).
  execFileSync(
    join(repo, 'node_modules/.bin/biome'),
    ['check', '--write', '--linter-enabled=false', ...changed],
    {
      cwd: repo,
      stdio: 'inherit',
    },
  );
}
console.log(`${count} relative imports in ${changed.length} files now use the aliases.`);
