import type { CookieSerializeOptions } from '@fastify/cookie';
import { type Env, isHttpsOrigin } from '../env';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './sessions';

export const SESSION_COOKIE = 'codka_session';

export function sessionCookieOptions(env: Env): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttpsOrigin(env.PUBLIC_ORIGIN),
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000),
  };
}
