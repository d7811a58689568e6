// `npm run dev` (scripts/dev.mjs runs it with tsx watch): the server as `npm start` runs it, with the site
// rendered from its sources by Vite inside this process, so development renders pages on the server the way
// production does, with hot updates of the client's code. Never part of the server's build: nothing else imports
// this file, and only it imports Vite.
import middie from '@fastify/middie';
import type { HandlePage } from '@shared/page-context';
import type { FastifyInstance } from 'fastify';
import { createServer, isRunnableDevEnvironment, type ViteDevServer } from 'vite';
import type { DevSite } from './app';
import { runCli } from './cli/main';
import { checkoutRuntime } from './cli/runtime';

/** The page handler's module, as Vite's module runner loads it. */
const PAGE_HANDLER = '/client/src/page-handler.ts';

/**
 * The site from its sources: Vite in middleware mode (the browser's modules, the public files, hot updates over
 * the app's own port) and the page handler through Vite's server-side module runner, which loads each client
 * module again when it changes.
 */
export function viteDevSite(): DevSite & { vite(): ViteDevServer | null } {
  let vite: ViteDevServer | null = null;
  return {
    vite: () => vite,
    async register(app: FastifyInstance): Promise<HandlePage> {
      const server = await createServer({
        configFile: 'vite.config.ts',
        server: { middlewareMode: true, hmr: { server: app.server } },
        appType: 'custom',
      });
      vite = server;
      const ssr = server.environments.ssr;
      if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('Vite has no runnable ssr environment');
      app.addHook('onClose', () => server.close());
      await app.register(middie);
      app.use(server.middlewares);
      return async (request, context) => {
        const module = (await ssr.runner.import(PAGE_HANDLER)) as {
          handlePage: HandlePage;
        };
        return module.handlePage(request, context);
      };
    },
  };
}

// Run as the entry (not when a test imports viteDevSite).
if (import.meta.url === `file://${process.argv[1]}`) {
  const runtime = checkoutRuntime();
  const code = await runCli(['serve'], {
    ...runtime,
    prepare: async (env, command) => ({ ...(await runtime.prepare(env, command)), devSite: viteDevSite() }),
  });
  if (code !== null) process.exit(code);
}
