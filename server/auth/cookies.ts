import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Env } from '../env';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './sessions';

export const SESSION_COOKIE = 'codka_session';

export function sessionCookieOptions(env: Env): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.PUBLIC_ORIGIN.startsWith('https://'),
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000),
  };
}
