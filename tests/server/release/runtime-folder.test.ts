import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  pruneRuntimes,
  RuntimeFolderRefused,
  runtimeFolder,
  runtimeFolderProblems,
  unpackRuntime,
} from '@server/release/unpack';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPayload, filesUnder } from '../../../scripts/release/payload.mjs';

// The attacks of the review on the release executable's runtime folder (server/release/unpack.ts): its name is
// public (version + manifest hash), so another user can plant it, add a file a package loads first, or make
// the root a symlink for the clean-up to empty.

const base = mkdtempSync(join(tmpdir(), 'codka-runtime-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A miniature native package: lib/index.js loads build/Release/addon.node, as better-sqlite3 does. */
const source = join(base, 'source');
const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
write(join(source, 'node_modules/pkg/lib/index.js'), 'module.exports = "GENUINE";');
write(join(source, 'node_modules/pkg/build/Release/addon.node'), 'not really native');
write(join(source, 'client/index.html'), '<h1>Codka</h1>');
const entries = filesUnder(source);
const release = (version: string) => buildPayload(entries, version);
const v1 = release('1.0.0');

function dataFolder(name: string): string {
  const folder = join(base, name);
  mkdirSync(folder, { recursive: true });
  return join(folder, 'runtime');
}

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof RuntimeFolderRefused) return error.message;
    throw error;
  }
  throw new Error('accepted');
};

describe('the runtime folder', () => {
  it('unpacks, and the files load', () => {
    const folder = unpackRuntime(dataFolder('fresh'), v1.manifest, () => v1.payload);
    expect(createRequire(join(folder, 'node_modules', 'codka.js'))('pkg/lib/index.js')).toBe('GENUINE');
    expect(runtimeFolderProblems(folder, v1.manifest)).toEqual([]);
  });

  it('refuses a planted folder with changed JavaScript beside genuine native code (finding 1)', () => {
    const root = dataFolder('planted');
    const planted = runtimeFolder(root, v1.manifest);
    mkdirSync(planted, { recursive: true, mode: 0o755 });
    for (const [from, path] of entries) write(join(planted, path), readFileSync(from, 'utf8'));
    write(join(planted, 'node_modules/pkg/lib/index.js'), 'module.exports = "ATTACKER CODE";');
    write(join(planted, '.complete'), 'x\n');
    chmodSync(root, 0o755);
    expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toMatch(
      /node_modules\/pkg\/lib\/index.js differs from the release.*Delete the folder/,
    );
  });

  it("refuses a folder that is another user's, or writable by others (finding 1)", () => {
    const root = dataFolder('foreign');
    const folder = unpackRuntime(root, v1.manifest, () => v1.payload);
    chmodSync(folder, 0o777);
    expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toContain(
      'the folder is writable by group or others',
    );
    chmodSync(folder, 0o700);
    chmodSync(root, 0o770);
    expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toContain(
      'is writable by group or others: the runtime folder must be a real folder owned by the user',
    );
    chmodSync(root, 0o700);
    if (process.getuid?.() === 0) {
      chownSync(join(folder, 'client/index.html'), 65534, 65534);
      expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toContain(
        'client/index.html belongs to uid 65534',
      );
    }
  });

  it('refuses a native file the manifest does not list, loaded ahead of the checked one (finding 2)', () => {
    const root = dataFolder('extra');
    const folder = unpackRuntime(root, v1.manifest, () => v1.payload);
    write(join(folder, 'node_modules/pkg/src/build/Release/pkg-linux-x64.node'), 'evil addon');
    expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toContain(
      'node_modules/pkg/src/ is not part of this release',
    );
    rmSync(join(folder, 'node_modules/pkg/src'), { recursive: true });
    write(join(folder, 'node_modules/pkg/lib/pkg.linux-x64-gnu.node'), 'evil addon');
    symlinkSync('/etc/passwd', join(folder, 'client/link'));
    const message = refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload));
    expect(message).toContain('node_modules/pkg/lib/pkg.linux-x64-gnu.node is not part of this release');
    expect(message).toContain('client/link is not a regular file');
  });

  it('refuses a symlinked root and leaves its target alone (finding 3)', () => {
    const victim = join(base, 'victim');
    write(join(victim, 'codka.db'), 'precious');
    write(join(victim, 'notes.txt'), 'precious');
    chmodSync(victim, 0o755);
    const root = dataFolder('symlinked');
    symlinkSync(victim, root);
    expect(refusal(() => unpackRuntime(root, v1.manifest, () => v1.payload))).toMatch(/runtime is a symlink/);
    expect(refusal(() => pruneRuntimes(root, runtimeFolder(root, v1.manifest)))).toMatch(/is a symlink/);
    expect(readdirSync(victim).sort()).toEqual(['codka.db', 'notes.txt']);
  });

  it("keeps the running server's folder when a newer executable runs once, and prunes only its own names (findings 3, 4)", () => {
    const root = dataFolder('versions');
    const running = unpackRuntime(root, v1.manifest, () => v1.payload);
    pruneRuntimes(root, running);
    // The new executable's check or backup (the timer, right after an install) unpacks its own version.
    const v2 = release('1.1.0');
    const next = unpackRuntime(root, v2.manifest, () => v2.payload);
    expect(readdirSync(root).sort()).toEqual(
      [running, next].map((path) => path.slice(root.length + 1)).sort(),
    );
    // The new version's serve keeps the previous one (and the operator's own files); a third removes the first.
    write(join(root, 'notes.txt'), 'the operator keeps this');
    pruneRuntimes(root, next);
    expect(readdirSync(root).sort()).toEqual(
      [running, next, join(root, 'notes.txt')].map((path) => path.slice(root.length + 1)).sort(),
    );
    const v3 = release('1.2.0');
    const third = unpackRuntime(root, v3.manifest, () => v3.payload);
    expect(pruneRuntimes(root, third)).toEqual([running]);
    expect(readdirSync(root).sort()).toEqual(
      [next, third, join(root, 'notes.txt')].map((path) => path.slice(root.length + 1)).sort(),
    );
  });
});
