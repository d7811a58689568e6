import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { minifySync } from 'rolldown/utils';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz copy next to every text file of the build, once, at build time: the server sends
 * them as they are (@fastify/static preCompressed) to browsers that accept them, at no CPU cost per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const textFile = /\.(js|css|svg|json|txt|webmanifest)$/;
  function walk(folder: string): string[] {
    return readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  }
  return {
    name: 'codka-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of walk(outDir)) {
        if (!textFile.test(path)) continue;
        const content = readFileSync(path);
        // Below about 1 KB the headers outweigh the saving.
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The service worker (client/public/sw.js, copied as it is) minified in the build: its source is mostly comments
 * that every first visit would download (F1). The server's marker for the offline reads
 * (server/http/service-worker.ts) is kept through it.
 */
function minifyServiceWorker(): Plugin {
  const marker = '/* offline reads */ []';
  const stand = '__codka_offline_reads__';
  let outDir = '';
  return {
    name: 'codka-minify-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const path = join(outDir, 'sw.js');
      if (!existsSync(path)) return;
      const source = readFileSync(path, 'utf8');
      const { code, errors } = minifySync('sw.js', source.replace(marker, stand), {
        compress: true,
        mangle: true,
      });
      if (errors.length > 0 || code.split(stand).length !== 2)
        throw new Error(`sw.js did not minify: ${errors}`);
      writeFileSync(path, code.replace(stand, marker));
    },
  };
}

/**
 * Every import of '@mantine/notifications' in the browser's build goes through a small wrapper that tells
 * Root the toasts' code is here (client/src/lib/toasts-gate.ts), so Root downloads the toasts' watcher only
 * when something that can show a toast has loaded, not on every first visit.
 */
function toastsGate(): Plugin {
  const wrapper = '\0codka-notifications';
  const gate = resolve('client/src/lib/toasts-gate.ts');
  return {
    name: 'codka-toasts-gate',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@mantine/notifications' && importer !== wrapper) return wrapper;
      return null;
    },
    load(id) {
      if (id !== wrapper) return null;
      return [
        "export * from '@mantine/notifications';",
        `import { toastsLoaded } from ${JSON.stringify(gate)};`,
        'toastsLoaded();',
      ].join('\n');
    },
  };
}

/**
 * The files of the browser's start: the entry's chunk and the start's (client/src/start.tsx), with all they import.
 * Every lazy part of the site loads after them, so its list of imports to fetch at once needs none of them: the
 * lists are written into the start's chunk (44 of them, the page table's), and those names in each were about
 * 3 KB gzip of what every first visit downloads (F1). Recorded before Vite writes the lists (its generateBundle).
 */
function startFiles(): { files: Set<string>; entry: { file: string }; plugin: Plugin } {
  const files = new Set<string>();
  const entry = { file: '' };
  const plugin: Plugin = {
    name: 'codka-start-files',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const add = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          for (const imported of chunk.imports) add(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.isEntry) entry.file = chunk.fileName;
          if (chunk.isEntry || /[\\/]client[\\/]src[\\/]start\.tsx$/.test(chunk.facadeModuleId ?? ''))
            add(chunk.fileName);
        }
      },
    },
  };
  return { files, entry, plugin };
}
const START = startFiles();

/**
 * The server's build of the client (`vite build --ssr`, script build:ssr): the page renderer
 * (client/src/entry-server.tsx) as one CommonJS file with every package inside, so the server (and the release's
 * single executable, which unpacks it) loads it with require() and needs no client package at run time.
 */
const ssrBuild = defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: true, target: 'node' },
  // React's production build only: the server's own NODE_ENV (unset in a release) never picks its development
  // build, which renders slower and writes warnings.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: '../dist/ssr',
    emptyOutDir: true,
    sourcemap: false,
    target: 'node24',
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        format: 'cjs',
        entryFileNames: 'entry-server.cjs',
        chunkFileNames: 'chunks/[name]-[hash].cjs',
      },
    },
  },
});

/** The consoles' modules (the admin console, the staff pages, the account), named apart in the build. */
const CONSOLE_SOURCE = /[\\/]client[\\/]src[\\/]pages[\\/](admin|staff|account)[\\/]/;
const CONSOLE_CHUNK = 'console-';

const browserBuild = defineConfig({
  root: 'client',
  publicDir: 'public',
  // The worker is minified before the text files are compressed.
  plugins: [react(), minifyServiceWorker(), precompress(), toastsGate(), START.plugin],
  // The import aliases (@shared/..., @server/... for types) are tsconfig.json's "paths".
  resolve: {
    tsconfigPaths: true,
    // react-router's package exports only its development build (ENABLE_DEV_WARNINGS on: its warnings' code and
    // texts in every visitor's download, F1); its production build is the same code with them off.
    alias: [
      { find: /^react-router$/, replacement: resolve('node_modules/react-router/dist/production/index.mjs') },
      {
        find: /^react-router\/dom$/,
        replacement: resolve('node_modules/react-router/dist/production/dom-export.mjs'),
      },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    // Which built files each source module became: the server links a page's styles and preloads its code with
    // its HTML (server/http/page-assets.ts). Dot folders are never served.
    manifest: true,
    // A lazily imported chunk comes with the list of what it imports, so that it all downloads at once; the
    // lists are written into the importing chunk, and the consoles' (admin, staff, account: dozens of pages) sat
    // in the start every visitor downloads (F1). Theirs are left out: a console's page finds its imports as it
    // loads, a round trip or two later, and only staff and signed-in readers open them. Styles always stay.
    modulePreload: {
      // Every browser the site serves knows <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox 115); one
      // without it still loads each module when imported, so its polyfill was code every first visit carried.
      polyfill: false,
      resolveDependencies: (file, deps, { hostId }) => {
        if (file.startsWith(`assets/${CONSOLE_CHUNK}`)) return deps.filter((dep) => dep.endsWith('.css'));
        // The entry's own lists (the start's) stay whole: nothing is loaded before them.
        if (hostId === START.entry.file) return deps;
        return deps.filter((dep) => dep.endsWith('.css') || !START.files.has(dep));
      },
    },
    rolldownOptions: {
      // tRPC's client declares no "sideEffects" in its package.json, so the bundler kept every link it exports,
      // the WebSocket and streaming ones the site never uses (a static field set on the WebSocket connection's
      // class is the one statement it ran on import): about 3 KB gzip in the data every first visit loads (F1).
      // Its modules only define things, so what nothing imports is left out. Other packages keep their own say.
      treeshake: {
        moduleSideEffects: (id) => (/node_modules[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined),
      },
      output: {
        chunkFileNames: (chunk) =>
          CONSOLE_SOURCE.test(chunk.facadeModuleId ?? '')
            ? `assets/${CONSOLE_CHUNK}[name]-[hash].js`
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          // Libraries every first render needs, in chunks of their own: a new release of the site's own code
          // leaves them in the browser's cache. Mantine stays split per component, so a page downloads only
          // the components it shows (the landing page's first render is budgeted, bench/landing-size.mjs).
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            {
              name: 'i18n',
              // Not <Trans> (and the HTML parser under it): only pages with links inside sentences use it, and
              // they bring it with them; the landing page does not (F1).
              test: /node_modules[\\/](i18next|react-i18next(?![\\/]dist[\\/]es[\\/](Icu)?Trans)|i18next-resources-to-backend)[\\/]/,
              priority: 2,
            },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : browserBuild));
