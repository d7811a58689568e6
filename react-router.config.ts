import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode (decision 018): the route modules under client/src (routes.ts), built into
 * dist/site/client (the browser's files) and dist/site/server/index.cjs (the page handler the server calls,
 * client/src/page-handler.ts). CODKA_SITE_DIR moves the build, so the server-rendering tests build their own.
 */
export default {
  appDirectory: 'client/src',
  buildDirectory: process.env.CODKA_SITE_DIR ?? 'dist/site',
  ssr: true,
  // CommonJS with every package inside: the server, and the release's single executable, require() it.
  serverModuleFormat: 'cjs',
  serverBuildFile: 'index.cjs',
  // Each page carries only its own routes; the others' are asked for (/__manifest, server/http/static.ts) as the
  // links to them appear. The whole table as a file was 10.6 KB gzip in every first visit's JavaScript.
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
