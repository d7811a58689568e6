import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { minifySync } from 'rolldown/utils';
import { defineConfig, type Plugin } from 'vite';
import { layerGroups } from './scripts/build/route-layers';

/**
 * Writes a .br and a .gz copy next to every text file of the build, once, at build time: the server sends
 * them as they are (@fastify/static preCompressed) to browsers that accept them, at no CPU cost per request.
 */
function precompress(): Plugin {
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
    // The browser's files only: the server's build is read from disk by the server itself.
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle() {
      const config = this.environment.config;
      for (const path of walk(resolve(config.root, config.build.outDir))) {
        // Dot folders (the build's own manifest) are never served.
        if (!textFile.test(path) || /[\\/]\./.test(path)) continue;
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
 * that every first visit would download. The server's marker for the offline reads
 * (server/http/service-worker.ts) is kept through it. And the build lists the code a page may load later in
 * later-code.json: the parts loaded on demand (React.lazy: the map, the sections below the fold, the toasts'
 * watcher), with what they import, but not the consoles' code nor the texts. The worker fetches the list and
 * stores that code for offline reloads once a page it controls asks (client/src/lib/service-worker.ts); a first
 * visit downloads neither.
 */
function serviceWorker(): Plugin {
  const marker = '/* offline reads */ []';
  const stand = '__codka_offline_reads__';
  let later: string[] = [];
  return {
    name: 'codka-service-worker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName) || fileName.startsWith(`assets/${CONSOLE_CHUNK}`)) return;
        files.add(fileName);
        if (chunk.type === 'chunk') for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || chunk.isEntry) continue;
        if (/[\\/]i18n[\\/]locales[\\/]|[\\/]shared[\\/]i18n[\\/]/.test(chunk.facadeModuleId ?? '')) continue;
        add(chunk.fileName);
      }
      later = [...files].sort().map((file) => `/${file}`);
    },
    closeBundle() {
      const config = this.environment.config;
      const outDir = resolve(config.root, config.build.outDir);
      writeFileSync(join(outDir, 'later-code.json'), JSON.stringify(later));
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
    applyToEnvironment: (environment) => environment.name === 'client',
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
 * A CSS module imported only for its styles (`import './Part.module.css'`) keeps them in the importing chunk. Vite
 * marks a CSS module free of side effects, so such an import was dropped and the styles went with the part's
 * lazily loaded code: the server renders that part at once, and its HTML would paint unstyled, then move, until
 * the code came (tests/server/ssr/first-paint.test.ts).
 */
function stylesWithTheirImporter(): Plugin {
  return {
    name: 'codka-styles-with-their-importer',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\.module\.css$/.test(id)) return null;
      return { code, moduleSideEffects: 'no-treeshake' };
    },
  };
}

/** The consoles' modules (the admin console, the staff pages, the account), named apart in the build. */
const CONSOLE_SOURCE = /[\\/]client[\\/]src[\\/]pages[\\/](admin|staff|account)[\\/]/;
const CONSOLE_CHUNK = 'console-';
const fileName = (chunk: { facadeModuleId: string | null }) =>
  CONSOLE_SOURCE.test(chunk.facadeModuleId ?? '')
    ? `assets/${CONSOLE_CHUNK}[name]-[hash].js`
    : 'assets/[name]-[hash].js';

/**
 * Libraries every first render needs, in chunks of their own: a new release of the site's own code leaves them in
 * the browser's cache. Mantine is not among them: its components go with the pages that show them, in the route
 * tree's layers (scripts/build/route-layers.ts), so a page downloads only what it shows (the landing page's first
 * visit is budgeted, bench/landing-size.mjs).
 */
const LIBRARIES = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 5,
  },
  {
    name: 'i18n',
    // Not <Trans> (and the HTML parser under it): only pages with links inside sentences use it, and they bring it
    // with them; the landing page does not.
    test: /node_modules[\\/](i18next|react-i18next(?![\\/]dist[\\/]es[\\/](Icu)?Trans)|i18next-resources-to-backend)[\\/]/,
    priority: 4,
  },
  {
    name: 'data',
    test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/,
    priority: 4,
  },
];

/**
 * The site's one build (`react-router build`, decision 018): the browser's files and the server's page handler,
 * from the route modules of client/src/routes.ts. `npm run dev` runs the same configuration inside the server's
 * process (server/dev.ts).
 */
export default defineConfig(({ command }) => ({
  publicDir: 'client/public',
  // The worker is minified before the text files are compressed.
  plugins: [reactRouter(), serviceWorker(), precompress(), toastsGate(), stylesWithTheirImporter()],
  // The import aliases (@shared/..., @server/... for types) are tsconfig.json's "paths".
  resolve: {
    tsconfigPaths: true,
    // react-router's package exports only its development build (ENABLE_DEV_WARNINGS on: its warnings' code and
    // texts in every visitor's download); its production build is the same code with them off. The built
    // server uses it too, so both sides run one copy of the same code.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: resolve('node_modules/react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: resolve('node_modules/react-router/dist/production/dom-export.mjs'),
            },
          ]
        : [],
  },
  build: { sourcemap: false, reportCompressedSize: false },
  environments: {
    client: {
      build: {
        target: 'es2022',
        // Every browser the site serves knows <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox 115); one
        // without it still loads each module when imported, so its polyfill was code every first visit carried.
        modulePreload: { polyfill: false },
        rollupOptions: {
          // tRPC's client declares no "sideEffects" in its package.json, so the bundler kept every link it
          // exports, the WebSocket and streaming ones the site never uses: about 3 KB gzip in the data every
          // first visit loads. Its modules only define things, so what nothing imports is left out.
          treeshake: {
            moduleSideEffects: (id: string) =>
              /node_modules[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined,
          },
          output: {
            // Route modules are entries of the browser's build, their parts chunks.
            entryFileNames: fileName,
            chunkFileNames: fileName,
            codeSplitting: {
              // Libraries every first render needs in chunks of their own (LIBRARIES), then the route tree's layers.
              groups: [
                ...LIBRARIES,
                ...layerGroups(CONSOLE_CHUNK, (id) => LIBRARIES.some(({ test }) => test.test(id)), 3),
              ],
            },
          },
        },
      },
    },
    ssr: {
      // React's production build only: the server's own NODE_ENV (unset in a release) never picks its
      // development build, which renders slower and writes warnings.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
      // Every package inside the server's build, so the server (and the release's single executable, which
      // unpacks it) needs no client package at run time. Not in development: Vite's module runner loads
      // packages through Node there.
      resolve: command === 'build' ? { noExternal: true } : {},
      build: {
        target: 'node24',
        minify: false,
        // The page handler the server calls (client/src/page-handler.ts), not React Router's own entry.
        rollupOptions: { input: 'client/src/page-handler.ts' },
      },
    },
  },
}));
