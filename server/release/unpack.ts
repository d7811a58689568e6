import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** What scripts/release/payload.mjs wrote: each file of the payload, in order. */
export interface Manifest {
  version: string;
  contentSha256: string;
  rawBytes: number;
  files: { path: string; size: number; mode: number; sha256: string }[];
}

/** The runtime folder is not one this user made and alone can write: nothing in it may be loaded. */
export class RuntimeFolderRefused extends Error {}

const COMPLETE = '.complete';
/** The names unpackRuntime gives the entries of the root; clean-up touches nothing else. */
const VERSION_FOLDER = /^\d+\.\d+\.\d+[^/]*-[0-9a-f]{12}$/;
const UNPACKING = /^\.unpacking-/;
/** An unpacking folder younger than this may belong to another process unpacking right now. */
const UNPACKING_STALE_MS = 60 * 60 * 1000;

/** The private, versioned folder this executable's files live in, under `root` (beside the database). */
export function runtimeFolder(root: string, manifest: Manifest): string {
  return join(root, `${manifest.version}-${manifest.contentSha256.slice(0, 12)}`);
}

/**
 * Unpacks the payload once into runtimeFolder(): written into a temporary folder, every file checked against
 * its sha256, then renamed into place, so a folder that exists is whole. At every call (every start) the root
 * and the folder must be real folders of this user that nobody else can write, and the folder must hold
 * exactly the manifest's files with their sha256 (about 50 ms): its name is public, so another user could
 * otherwise plant it, or add a file a package loads ahead of the checked one. Returns the folder.
 */
export function unpackRuntime(root: string, manifest: Manifest, payload: () => Buffer): string {
  privateRoot(root);
  const folder = runtimeFolder(root, manifest);
  if (!present(folder)) unpackInto(root, folder, manifest, payload);
  const problems = runtimeFolderProblems(folder, manifest);
  if (problems.length > 0) {
    throw new RuntimeFolderRefused(
      `${folder} is not as this executable unpacked it (${problems.slice(0, 3).join('; ')}` +
        `${problems.length > 3 ? `; ${problems.length - 3} more` : ''}): nothing in it was loaded. ` +
        'Delete the folder and start again.',
    );
  }
  return folder;
}

/**
 * Removes what older versions unpacked under `root`, keeping `current` and the version used before it (the
 * folder a running server of that version still reads, and a quick way back). Only `codka serve` calls this:
 * another command run by a newer executable (a check, the backup timer right after an install) must not
 * delete the running server's files.
 */
export function pruneRuntimes(root: string, current: string): string[] {
  privateRoot(root);
  utimesSync(join(current, COMPLETE), new Date(), new Date());
  const others = readdirSync(root)
    .filter((name) => VERSION_FOLDER.test(name) && join(root, name) !== current)
    .map((name) => ({ path: join(root, name), usedAt: usedAt(join(root, name)) }))
    .sort((a, b) => b.usedAt - a.usedAt);
  const removed = others.slice(1).map((other) => other.path);
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (UNPACKING.test(name) && Date.now() - lstatSync(path).mtimeMs > UNPACKING_STALE_MS) removed.push(path);
  }
  const left: string[] = [];
  for (const path of removed) {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {
      // A clean-up that cannot finish (a file made read-only by hand) must not keep the site down.
      left.push(path);
    }
  }
  return removed.filter((path) => !left.includes(path));
}

/** When a version's folder was last unpacked or served (serve touches its .complete). */
function usedAt(folder: string): number {
  try {
    return lstatSync(join(folder, COMPLETE)).mtimeMs;
  } catch {
    return 0;
  }
}

function unpackInto(root: string, folder: string, manifest: Manifest, payload: () => Buffer): void {
  const temporary = mkdtempSync(join(root, '.unpacking-'));
  try {
    const data = brotliDecompressSync(payload());
    if (data.length !== manifest.rawBytes) throw new Error('the embedded payload is damaged (wrong length)');
    let offset = 0;
    for (const file of manifest.files) {
      const bytes = data.subarray(offset, offset + file.size);
      offset += file.size;
      if (sha256(bytes) !== file.sha256) throw new Error(`the embedded ${file.path} is damaged (sha256)`);
      const target = join(temporary, file.path);
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, bytes, { mode: file.mode });
    }
    writeFileSync(join(temporary, COMPLETE), `${manifest.contentSha256}\n`, { mode: 0o600 });
    try {
      renameSync(temporary, folder);
    } catch (error) {
      // Another process of the same version unpacked it meanwhile: use theirs (checked like any other).
      if (!existsSync(join(folder, COMPLETE))) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * The root is created 0700 if missing; otherwise it must be a real folder (a symlink would make the clean-up
 * empty its target) owned by this user and writable by nobody else. Checked through one descriptor opened
 * without following a symlink, so what is checked is what is narrowed to 0700.
 */
function privateRoot(root: string): void {
  if (!present(root)) mkdirSync(root, { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    fd = openSync(root, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR') {
      throw refusal(root, lstatSync(root).isSymbolicLink() ? 'is a symlink' : 'is not a folder');
    }
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const problem = ownershipProblem(stats);
    if (problem) throw refusal(root, problem);
    if (stats.mode & 0o077) fchmodSync(fd, 0o700);
  } finally {
    closeSync(fd);
  }
}

function refusal(root: string, problem: string): RuntimeFolderRefused {
  return new RuntimeFolderRefused(
    `${root} ${problem}: the runtime folder must be a real folder owned by the user Codka runs as ` +
      `(uid ${process.getuid?.()}) that no other user can write. Nothing in it was loaded; remove it and ` +
      'start again (it is unpacked anew).',
  );
}

/** Why an entry could have been written by someone else, or null. */
function ownershipProblem(stats: Stats): string | null {
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `belongs to uid ${stats.uid}`;
  if (stats.mode & 0o022) return 'is writable by group or others';
  return null;
}

function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Everything wrong with an unpacked folder, walking it without following symlinks: an entry that is not a
 * real file or folder, not this user's or writable by others, a file the manifest does not list (a package
 * may load it ahead of the listed one), a listed file missing, or one whose sha256 differs.
 */
export function runtimeFolderProblems(folder: string, manifest: Manifest): string[] {
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  listed.set(COMPLETE, { path: COMPLETE, size: -1, mode: 0o600, sha256: '' });
  const folders = new Set<string>(['']);
  for (const path of listed.keys()) {
    for (let parent = dirname(path); parent !== '.'; parent = dirname(parent)) folders.add(parent);
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (relative: string) => {
    const path = relative ? join(folder, relative) : folder;
    const stats = lstatSync(path);
    const name = relative || 'the folder';
    const problem = ownershipProblem(stats);
    if (problem) problems.push(`${name} ${problem}`);
    if (stats.isDirectory()) {
      if (!folders.has(relative)) return void problems.push(`${name}/ is not part of this release`);
      for (const entry of readdirSync(path)) visit(relative ? `${relative}/${entry}` : entry);
      return;
    }
    const file = listed.get(relative);
    if (!stats.isFile()) return void problems.push(`${name} is not a regular file`);
    if (!file) return void problems.push(`${name} is not part of this release`);
    seen.add(relative);
    if (file.path === COMPLETE) return;
    if (stats.size !== file.size || sha256(readFileSync(path)) !== file.sha256) {
      problems.push(`${name} differs from the release`);
    }
  };
  try {
    visit('');
  } catch (error) {
    problems.push(`cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  for (const path of listed.keys()) if (!seen.has(path)) problems.push(`${path} is missing`);
  return problems;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
