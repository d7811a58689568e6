import { languageFromHeader, type MessageLanguage } from '@shared/i18n/error-messages';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { addressKey } from '../auth/client-address';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/cookies';
import { sessionOnceBodyArrived } from '../auth/request-session';
import type { ValidSession } from '../auth/sessions';
import type { AppDeps } from '../deps';

export type { AppDeps };

/** How a procedure changes the session cookie without knowing about HTTP. */
export interface SessionCookieJar {
  setSession(token: string): void;
  clearSession(): void;
}

export interface InnerContextOptions {
  session: ValidSession | null;
  /** The client's address as Fastify read it (TRUST_PROXY decides which X-Forwarded-For hop that is). */
  ip: string;
  cookies: SessionCookieJar;
  /** The language of the reader's messages (errors, validation): from the request's Accept-Language. */
  language?: MessageLanguage;
  /**
   * Identical queries of one HTTP request (a tRPC batch), in flight or done: the request's own, so a
   * batch naming one read a hundred times computes it once. Absent for in-process callers.
   */
  batchCalls?: Map<string, Promise<unknown>>;
}

/** The request-independent context: tests build it directly, without Fastify. */
export function createInnerContext(deps: AppDeps, options: InnerContextOptions) {
  return {
    ...deps,
    ...options,
    // Services only ever see the address as every per-address limit keys it (IPv6 per /64), so no limit,
    // hashing lane or poll ip_hash can be multiplied by rotating addresses inside one's own block.
    ip: addressKey(options.ip),
    language: options.language ?? 'en',
    user: options.session?.user ?? null,
  };
}
export type Context = ReturnType<typeof createInnerContext>;

/** The context for a real request: reads the session cookie and adapts the reply's cookies. */
export function createContextFactory(deps: AppDeps) {
  const cookieOptions = sessionCookieOptions(deps.env);
  return ({ req, res }: CreateFastifyContextOptions): Context => {
    const token = req.cookies[SESSION_COOKIE];
    const session = sessionOnceBodyArrived(deps.db, req);
    if (token && !session) res.clearCookie(SESSION_COOKIE, { path: '/' });
    return createInnerContext(deps, {
      session,
      ip: req.ip,
      language: languageFromHeader(req.headers['accept-language']),
      batchCalls: new Map(),
      cookies: {
        setSession: (value) => void res.setCookie(SESSION_COOKIE, value, cookieOptions),
        clearSession: () => void res.clearCookie(SESSION_COOKIE, { path: '/' }),
      },
    });
  };
}
