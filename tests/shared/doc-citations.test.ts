import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments give their reasons by citing the repository's own documents (`docs/product.md#results-visibility`), so a
 * maintainer can read the reason where the code points. This fails when a cited file or heading does not exist, and
 * when anything cites a document kept outside the repository, which nobody reading the code could check.
 */
const ROOT = join(import.meta.dirname, '../..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'release', '.git', 'data', 'generated']);
const TEXT_FILES = /\.(ts|tsx|js|mjs|cjs|json|jsonc|md|sh|yml|yaml|html|css|service|conf|txt)$|^Caddyfile$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : filesUnder(path);
    return TEXT_FILES.test(name) ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes; repeats get -1, -2, ... */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Citation {
  file: string;
  line: number;
  target: string;
  anchor: string;
}

/** `docs/<file>.md#anchor` anywhere, and relative `](<file>.md#anchor)` links inside Markdown files. */
function citationsIn(file: string): Citation[] {
  const found: Citation[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md)#([\w-]+)/g)) {
        found.push({ file, line: index + 1, target: join(ROOT, match[1] ?? ''), anchor: match[2] ?? '' });
      }
      if (!file.endsWith('.md')) return;
      for (const match of text.matchAll(/\]\((?!https?:|docs\/)([\w./-]*\.md)#([\w-]+)\)/g)) {
        found.push({
          file,
          line: index + 1,
          target: resolve(dirname(file), match[1] ?? ''),
          anchor: match[2] ?? '',
        });
      }
    });
  return found;
}

const files = [...filesUnder(ROOT)];

describe('citations of documents', () => {
  it('point at files and headings that exist', () => {
    const anchorCache = new Map<string, Set<string>>();
    const broken: string[] = [];
    const citations = files.flatMap(citationsIn);
    for (const citation of citations) {
      const where = `${relative(ROOT, citation.file)}:${citation.line}`;
      if (!existsSync(citation.target)) {
        broken.push(`${where}: ${relative(ROOT, citation.target)} does not exist`);
        continue;
      }
      let anchors = anchorCache.get(citation.target);
      if (!anchors) {
        anchors = anchorsOf(readFileSync(citation.target, 'utf8'));
        anchorCache.set(citation.target, anchors);
      }
      if (!anchors.has(citation.anchor)) {
        broken.push(`${where}: ${relative(ROOT, citation.target)} has no heading #${citation.anchor}`);
      }
    }
    expect(broken).toEqual([]);
    // The product's reasons are cited from the code: a scan that found none would prove nothing.
    expect(citations.filter((c) => c.target.endsWith('docs/product.md')).length).toBeGreaterThan(100);
  });

  it('never cite the specification, architecture or style notes kept outside the repository', () => {
    const outside = /SPEC( §|\.md)|ARCHITECTURE( §|\.md)|STYLE\.md/;
    const thisFile = join(ROOT, 'tests/shared/doc-citations.test.ts');
    // A plan quotes the brief it answers, word for word; the code never cites a plan for its reasons.
    const plans = join(ROOT, 'docs/plans');
    const found = files
      .filter((file) => file !== thisFile && !file.startsWith(plans))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((text, index) =>
            outside.test(text) ? [`${relative(ROOT, file)}:${index + 1}: ${text.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('reads headings the way GitHub makes anchors of them', () => {
    const anchors = anchorsOf('# What Codka does\n## Step-up\n### `npm run backup`: a copy\n## Step-up\n');
    expect([...anchors]).toEqual(['what-codka-does', 'step-up', 'npm-run-backup-a-copy', 'step-up-1']);
  });
});
