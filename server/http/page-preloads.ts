import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The code every page but the landing page needs before it can render, besides the entry: the other pages'
 * route table (client/src/page-routes.tsx) and the data layer (client/src/lib/data.tsx), with the chunks they
 * import. The landing page's first render leaves them out to stay small (F1); a visit that starts on another
 * page would otherwise discover them only after the entry has run, one round trip after another. As
 * modulepreload links in that page's HTML, they download alongside the entry instead.
 */
const FIRST_NEEDS = ['src/page-routes.tsx', 'src/lib/data.tsx'];

export function pagePreloadLinks(clientDir: string): string {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  // A build without a manifest (an older one) still works, without the head start.
  if (!existsSync(manifestPath)) return '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(key, entry);
  const needed = new Set<string>();
  for (const key of FIRST_NEEDS) withImports(key, needed);
  return [...needed]
    .filter((key) => !entry.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}" />`)
    .join('');
}
