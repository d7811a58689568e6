import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { HandlePage } from '@shared/page-context';
import type { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fastifyTrustProxy } from './auth/client-address';
import { csrfHook } from './auth/csrf';
import { createRateLimits, retryAfterSeconds } from './auth/rate-limits';
import { closeVerifyPool } from './belenios/verify-pool';
import type { Db } from './db/client';
import type { Env } from './env';
import { registerAuditLogCsv } from './http/audit-log-csv';
import { anonymousBatchCap, SIGNED_IN_MAX_BATCH } from './http/batch-cap';
import { registerBenchReference } from './http/bench-reference';
import { candidateImageRoutes } from './http/candidate-images';
import { answerClientError } from './http/client-errors';
import { malformedUrl, registerErrorHandler } from './http/errors';
import { memberPhotoRoutes } from './http/member-photo-upload';
import { registerOpenDataApi } from './http/open-data-api';
import { registerPollVotesCsv } from './http/poll-votes-csv';
import { createPublicCache } from './http/public-cache';
import { publicCredentialsRoutes } from './http/public-credentials-import';
import { httpsOrigin, registerSecurityHeaders } from './http/security-headers';
import { createServerPages, loadPageHandler } from './http/ssr';
import { registerStatic } from './http/static';
import { CALLS_PER_MINUTE, callCeiling, refuseLimitedBatches } from './http/trpc-calls';
import {
  noStore,
  refuseBodiesOtherThanJson,
  refuseCostlyBodies,
  refuseUnsupportedMethods,
} from './http/trpc-hooks';
import { refuseOddTargets } from './http/trpc-request';
import { registerUssd } from './http/ussd';
import { voteFastPath } from './http/vote-fast-path';
import { voterRollImportRoutes } from './http/voter-roll-import';
import { registerCredentialPreparations } from './jobs/credential-preparations';
import { registerCredentialUploads } from './jobs/credential-uploads';
import { registerElectionRecords } from './jobs/election-records';
import { registerResultBatches } from './jobs/result-batches';
import { createMailer, type Mailer } from './mail/mailer';
import { type AppRouter, appRouter } from './routers/_app';
import { getMapSettings, getSiteSettings } from './services/admin/settings';
import { openDataOf } from './services/open-data/store';
import { createSmsTransport, type SmsTransport } from './services/sms/transport';
import { type AppDeps, createContextFactory } from './trpc/context';
import { EXPECTED_ERROR_CODES } from './trpc/errors';

/** The site from its sources, for `npm run dev`: its middleware serves the browser's modules and hot updates. */
export interface DevSite {
  /** Registers the site's middleware on the app, first of all routes; resolves with its page handler. */
  register(app: FastifyInstance): Promise<HandlePage>;
}

export interface BuildAppOptions {
  db: Db;
  env: Env;
  /**
   * Where the site's build lives (client/ and server/index.cjs, `npm run build:site`); defaults to dist/site.
   * Without one, no address is a page.
   */
  siteDir?: string;
  /** Instead of the built site, the development server's (server/dev.ts): pages rendered from the sources. */
  devSite?: DevSite;
  mailer?: Mailer;
  sms?: SmsTransport;
  logger?: FastifyServerOptions['logger'];
  /** How long a request may take to arrive, headers and body; REQUEST_TIMEOUT_MS unless a test shortens it. */
  requestTimeoutMs?: number;
}

/**
 * A request (headers and body) must have arrived whole within this time, or Node answers 408 and closes the
 * connection: a body that trickles in cannot hold an upload, and the admin's session behind it, open for
 * hours. Two minutes lets a 20 MB roll arrive over a line of about 1.4 Mbit/s. An idle connection between
 * requests is closed by keepAliveTimeout, so no connectionTimeout (idle socket) is set on top.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The most a request's line and headers may take: Node answers 431 and closes the connection past it, before
 * anything parses the address or its query. Node's own default, stated here so that no NODE_OPTIONS
 * (--max-http-header-size) widens it: the longest address a browser of ours sends (a route manifest request,
 * static.ts) is half of it.
 */
export const MAX_REQUEST_HEAD_BYTES = 16 * 1024;

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    // Session cookies never reach the logs; query strings are dropped because they can carry one-time tokens.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/** Map tile and fallback image hosts from the admin's settings, re-read at most every 5 seconds. */
function configuredImageOrigins(db: Db): () => string[] {
  let cached: { at: number; origins: string[] } | null = null;
  return () => {
    if (cached && Date.now() - cached.at < 5000) return cached.origins;
    try {
      const map = getMapSettings(db);
      const origins = [httpsOrigin(map.tileUrl), httpsOrigin(map.fallbackImageUrl)].filter(
        (o): o is string => o !== null,
      );
      cached = { at: Date.now(), origins: [...new Set(origins)] };
    } catch {
      // A header must never fail a response (the health check reports a broken database on its own).
      return cached?.origins ?? [];
    }
    return cached.origins;
  };
}

export async function buildApp(options: BuildAppOptions) {
  const { db, env } = options;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env),
    requestTimeout,
    // Given to Node's server as it is made too: Node reads it when it starts watching connections, so the value
    // Fastify sets afterwards alone cuts nothing off. Node looks for late requests every 30 s by default; a
    // quarter of the timeout keeps the cut close to it.
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
      maxHeaderSize: MAX_REQUEST_HEAD_BYTES,
    },
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Ids in logs tie a request's lines together without exposing anything about the user.
    genReqId: () => crypto.randomUUID(),
    // A batched tRPC call names every procedure in one path segment; Fastify's default of 100 characters
    // refused batches of a few long names (tRPC's Fastify guide asks for 5000).
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors: malformedUrl,
    clientErrorHandler: answerClientError,
  });
  if (!env.RATE_LIMITS) app.log.warn('RATE_LIMITS=off: rate limits are disabled (load tests only)');

  const deps: AppDeps = {
    db,
    env,
    limits: createRateLimits(env.RATE_LIMITS),
    mailer: options.mailer ?? createMailer(env, app.log),
    sms: options.sms ?? createSmsTransport(env, app.log),
    log: app.log,
  };

  registerErrorHandler(app);
  // First of all: only '/path' request targets; an absolute-form one skipped every /trpc hook (trpc-request.ts).
  app.addHook('onRequest', refuseOddTargets);
  const { pagePolicy } = await registerSecurityHeaders(app, env.PUBLIC_ORIGIN, configuredImageOrigins(db));
  await app.register(fastifyCookie);
  app.addHook('onRequest', csrfHook(env.PUBLIC_ORIGIN));
  // The development server's modules and hot updates answer before any route of the app's.
  const devPages = options.devSite ? await options.devSite.register(app) : null;

  app.get('/healthz', async (_request, reply) => {
    try {
      db.$client.prepare('SELECT 1').get();
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Counted per call, after the cache: answers served from memory are free (trpc-calls.ts).
  const ceiling = env.RATE_LIMITS ? callCeiling({ callsPerMinute: CALLS_PER_MINUTE }) : null;
  // Pages rendered on the server (ssr.ts), from the built site when there is one.
  const siteDir = options.siteDir ?? 'dist/site';
  const handlePage = devPages ?? loadPageHandler(siteDir);
  const serverPages = handlePage
    ? createServerPages(deps, handlePage, {
        secondsToWait: ceiling?.secondsToWait,
        pagePolicy,
        defaultTheme: () => getSiteSettings(db).defaultTheme,
        origin: env.PUBLIC_ORIGIN,
      })
    : null;
  const openData = openDataOf(deps);
  const publicCache = createPublicCache(deps, {
    charge: ceiling?.charge,
    // A write empties the open data's 2-second snapshots too (server/services/open-data/store.ts).
    onInvalidate: (write) => {
      serverPages?.invalidate(write);
      openData.invalidate();
    },
  });
  const createContext = createContextFactory(deps);
  // Expected refusals (wrong password, already voted...) are answers, not failures worth a log line.
  const onError = ({ error, path, type }: { error: TRPCError; path?: string; type: string }) => {
    if (!EXPECTED_ERROR_CODES.has(error.code)) {
      app.log.error({ err: error.cause ?? error, path, type }, `tRPC ${type} ${path ?? ''} failed`);
    }
  };
  app.addHook('onSend', publicCache.onSend);
  // The ballot checkers' threads end with the server (a test's app, a graceful shutdown).
  app.addHook('onClose', () => closeVerifyPool());

  await app.register(async (api) => {
    api.addHook('onRequest', refuseUnsupportedMethods);
    api.addHook('onRequest', refuseBodiesOtherThanJson);
    api.addHook('onSend', noStore);
    api.addHook('onRequest', refuseLimitedBatches());
    // Before the cache and tRPC: a visitor's batch is small (batch-cap.ts), a forged cookie is no session.
    api.addHook('onRequest', anonymousBatchCap(db));
    // Takes the ceiling itself before it computes a miss; a hit from memory costs nothing.
    api.addHook('onRequest', publicCache.onRequest);
    // A ceiling per address against floods, counted per call, for everything that reaches tRPC.
    if (ceiling) api.addHook('onRequest', ceiling.onRequest);
    // Before anything parses a body, the vote fast path included.
    api.addHook('preHandler', refuseCostlyBodies);
    // Votes skip tRPC's fetch adapter, not tRPC: same procedures, context and answers (vote-fast-path.ts).
    api.addHook('preHandler', voteFastPath({ createContext, onError }));
    if (env.BENCH_REFERENCE) registerBenchReference(api);
    await api.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        // The client batches what one page asks for at once; a bound keeps one request from running thousands.
        maxBatchSize: SIGNED_IN_MAX_BATCH,
        onError,
        // A refusal that says when to come back (a limit, the ballot checkers' full line) says it in Retry-After too.
        responseMeta: ({ errors }) => {
          const seconds = errors.map(retryAfterSeconds);
          const wait = seconds.find((s) => typeof s === 'number');
          return wait === undefined ? {} : { headers: { 'retry-after': String(wait) } };
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  await app.register(candidateImageRoutes, { db, env, uploadsDir: env.UPLOADS_DIR });
  await app.register(memberPhotoRoutes, { db, env });
  registerPollVotesCsv(app, deps);
  // A USSD vote only adds to the poll's counts, as a web vote does (its procedure's `onlyAdds`).
  await registerUssd(app, deps, { onVote: () => publicCache.invalidate('onlyAdds') });
  registerAuditLogCsv(app, deps);
  // The public read API and dataset files, under the same per-address ceiling as /trpc.
  await registerOpenDataApi(app, deps, ceiling ?? undefined);
  await app.register(voterRollImportRoutes, { db, env });
  await app.register(publicCredentialsRoutes, { db, env, limits: deps.limits });
  registerResultBatches(app, db);
  registerElectionRecords(app, db);
  registerCredentialPreparations(app, db);
  registerCredentialUploads(app, db);
  await registerStatic(app, {
    // The development server's browser files come from Vite.
    clientDir: options.devSite ? null : join(siteDir, 'client'),
    uploadsDir: env.UPLOADS_DIR,
    serverPages,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
