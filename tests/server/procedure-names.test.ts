import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { procedurePaths } from '@server/routers/policy';
import { describe, expect, it } from 'vitest';

/**
 * A procedure's policy (public cache, offline, step-up, limits, the vote fast path) is declared once, in
 * its meta; no other list of procedure names exists. Hand-kept lists (the cache's, the service worker's,
 * the fast path's) drift apart. This reads every source file outside the routers and the tests and
 * fails on any string literal that names a procedure, so a new list cannot creep in.
 */
const ROOT = join(import.meta.dirname, '../..');
const SOURCES = ['server', 'client/src', 'client/public', 'shared', 'scripts', 'seed'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * Names used to call or recognise one procedure for what it does, never as policy, and why:
 * - the client's step-up link retries a mutation refused for want of step-up once the password is confirmed,
 *   but never the step-up mutation itself (it would ask again forever);
 * - the service worker (plain JavaScript, no typed client) learns whose answers it holds from auth.session.
 */
const ALLOWED = new Map([
  ['client/src/lib/step-up.ts', new Set(['auth.stepUp'])],
  ['client/public/sw.js', new Set(['auth.session'])],
]);

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return EXTENSIONS.test(name) ? [path] : [];
  });
}

/** String literals of a source file, comments removed first (a comment may name procedures to explain). */
function literalsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((match) => match[2] ?? '');
}

describe('procedure names', () => {
  const paths = new Set(procedurePaths());

  it('are found by the walk: every router namespace, more than a hundred procedures', () => {
    expect(paths.size).toBeGreaterThan(100);
    for (const path of [
      'votes.cast',
      'polls.vote',
      'polls.current',
      'auth.stepUp',
      'admin.dashboard.unlock',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it('appear in no string literal outside server/routers and the tests: policy lives in meta alone', () => {
    const found: string[] = [];
    for (const source of SOURCES) {
      for (const file of filesUnder(join(ROOT, source))) {
        const name = relative(ROOT, file);
        if (name.startsWith('server/routers/')) continue;
        for (const literal of literalsOf(readFileSync(file, 'utf8'))) {
          // A literal may hold a name inside a URL or a comma-separated batch: every dotted token counts.
          for (const token of literal.split(/[^\w.]+/)) {
            if (paths.has(token) && !ALLOWED.get(name)?.has(token)) found.push(`${name}: '${token}'`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the check itself finds a name in a literal, in a URL and in a batch, and not in a comment', () => {
    const names = (source: string) =>
      literalsOf(source).flatMap((literal) => literal.split(/[^\w.]+/).filter((token) => paths.has(token)));
    expect(names(`const hot = new Set(['votes.cast', "polls.vote"]);`)).toEqual(['votes.cast', 'polls.vote']);
    expect(names('fetch(`/trpc/polls.current,polls.results?batch=1`)')).toEqual([
      'polls.current',
      'polls.results',
    ]);
    expect(names(`// votes.cast is hot\n/* 'polls.vote' */ const x = 'auth.required';`)).toEqual([]);
  });
});
