import type { FastifyBaseLogger } from 'fastify';
import type { RateLimits } from './auth/rate-limits';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Mailer } from './mail/mailer';
import type { SmsTransport } from './services/sms/transport';

/** What lives for the whole process and every request shares: services take it (or a part of it). */
export interface AppDeps {
  db: Db;
  env: Env;
  limits: RateLimits;
  mailer: Mailer;
  sms: SmsTransport;
  log: FastifyBaseLogger;
}
