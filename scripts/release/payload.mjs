// The files the executable unpacks on first use, as one brotli stream plus a manifest of paths, sizes, modes
// and sha256 hashes. Files go in sorted order with no timestamps, so the same inputs give the same bytes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Every file under `folder` (recursively) that `keep(relativePath)` accepts, as [absolute, relative] pairs. */
export function filesUnder(folder, keep = () => true) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) {
        const rel = relative(folder, full).split(sep).join('/');
        if (keep(rel)) found.push([full, rel]);
      }
    }
  };
  visit(folder);
  return found;
}

/**
 * `entries`: [source file, path inside the runtime folder]. Returns the manifest (what the executable checks
 * every file against) and the compressed payload.
 */
export function buildPayload(entries, version) {
  const sorted = [...entries].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files = [];
  const chunks = [];
  for (const [source, path] of sorted) {
    const bytes = readFileSync(source);
    // Only the executable bit matters; owner-only, as the folder is private.
    const mode = statSync(source).mode & 0o111 ? 0o700 : 0o600;
    files.push({ path, size: bytes.length, mode, sha256: createHash('sha256').update(bytes).digest('hex') });
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  const payload = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const contentSha256 = createHash('sha256').update(JSON.stringify(files)).digest('hex');
  return { manifest: { version, contentSha256, rawBytes: raw.length, files }, payload };
}
