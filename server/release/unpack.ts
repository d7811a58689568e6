import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
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

const COMPLETE = '.complete';

/** The private, versioned folder this executable's files live in, under `root` (beside the database). */
export function runtimeFolder(root: string, manifest: Manifest): string {
  return join(root, `${manifest.version}-${manifest.contentSha256.slice(0, 12)}`);
}

/**
 * Unpacks the payload once into runtimeFolder(): written into a temporary folder, every file checked against
 * its sha256, then renamed into place, so a folder that exists is whole. Older versions' folders are removed.
 * Returns the folder.
 */
export function unpackRuntime(root: string, manifest: Manifest, payload: () => Buffer): string {
  const folder = runtimeFolder(root, manifest);
  if (existsSync(join(folder, COMPLETE))) return folder;
  mkdirSync(root, { recursive: true, mode: 0o700 });
  chmodSync(root, 0o700);
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
    writeFileSync(join(temporary, COMPLETE), `${manifest.contentSha256}\n`);
    chmodSync(temporary, 0o700);
    try {
      renameSync(temporary, folder);
    } catch (error) {
      // Another process of the same version unpacked it meanwhile: use theirs.
      if (!existsSync(join(folder, COMPLETE))) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  for (const entry of readdirSync(root)) {
    if (join(root, entry) !== folder) rmSync(join(root, entry), { recursive: true, force: true });
  }
  return folder;
}

/** Files of the unpacked folder that are missing or differ from the manifest (`only` narrows the check). */
export function damagedFiles(folder: string, manifest: Manifest, only?: (path: string) => boolean): string[] {
  return manifest.files
    .filter((file) => !only || only(file.path))
    .filter((file) => {
      try {
        return sha256(readFileSync(join(folder, file.path))) !== file.sha256;
      } catch {
        return true;
      }
    })
    .map((file) => file.path);
}

/** Native code: what is loaded into the process (a changed file here would run as Codka). */
export const isNativeCode = (path: string) => /\.(node|so(\.\d+)*)$/.test(path);

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
