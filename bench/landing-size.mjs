// F1: what the landing page downloads on a first visit (no cache): HTML, the scripts and styles it loads
// before first render, and everything else in the build for comparison. Gzip level 9, as a server would send.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/client';
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const html = readFileSync(join(root, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const firstRender = { js: 0, css: 0, files: [] };
const seen = new Set();
// Follow static imports of the entry chunk: they load before first render too.
function visit(url) {
  if (seen.has(url)) return;
  seen.add(url);
  const path = join(root, url);
  const size = gz(path);
  firstRender.files.push({ url, gzipBytes: size });
  if (url.endsWith('.css')) firstRender.css += size;
  else {
    firstRender.js += size;
    const source = readFileSync(path, 'utf8');
    for (const m of source.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      visit(`/assets/${m[1].slice(2)}`);
    }
  }
}
for (const url of referenced) visit(url);
const htmlBytes = gzipSync(html, { level: 9 }).length;
let allJs = 0;
for (const file of readdirSync(join(root, 'assets')))
  if (file.endsWith('.js')) allJs += gz(join(root, 'assets', file));

export const result = {
  htmlGzipBytes: htmlBytes,
  firstRenderJsGzipBytes: firstRender.js,
  firstRenderCssGzipBytes: firstRender.css,
  firstRenderTotalGzipBytes: htmlBytes + firstRender.js + firstRender.css,
  allJsGzipBytes: allJs,
  files: firstRender.files,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `landing first render: JS ${kb(result.firstRenderJsGzipBytes)}, CSS ${kb(result.firstRenderCssGzipBytes)}, HTML ${kb(htmlBytes)} (gzip)`,
  );
  console.log(
    `all JS in the build: ${kb(allJs)} gzip; build folder ${statSync(root).isDirectory() ? 'ok' : 'missing'}`,
  );
}
