import { isIPv4 } from 'node:net';
import { basename, dirname, extname, join, resolve } from 'node:path';
import {
  PUBLIC_CREDENTIALS_MAX_BYTES,
  PUBLIC_CREDENTIALS_MIN_PART_BYTES,
  PUBLIC_CREDENTIALS_PART_BYTES,
} from '@shared/public-credentials';
import { z } from 'zod';
import { parseAddressList, parseTrustProxy, type TrustProxy } from './auth/client-address';
import { parsePhoneCountries } from './auth/phone-numbers';
import { SHUTDOWN_DEADLINE_MS } from './shutdown';

/**
 * The only reader of process.env. Every variable is optional; a bad value stops the start
 * with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_PATH: z.string().min(1).default('./data/codka.db'),
    // The keys behind the keyed hashes (key-file.ts): beside the database unless named; never in a backup.
    KEYS_FILE: z.string().min(1).optional(),
    UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/ })
      .transform(originOnly)
      .optional(),
    SEED_DEMO: booleanFlag.default(true),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).max(256).optional(),
    RATE_LIMITS: booleanFlag.default(true),
    // Whether every staff role (Registrar, Enrollment Supervisor, System Admin) must sign in with an authenticator
    // before any staff tool answers. `npm start` (a first look on a laptop) leaves it optional; the release
    // executable's default is required (server/release/entry.ts).
    STAFF_TWO_FACTOR: z.enum(['required', 'optional']).default('optional'),
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // How long a stop (SIGTERM) may take before what is still running is cut short (shutdown.ts): below the
    // supervisor's own stop timeout (systemd's TimeoutStopSec, 90 s by default).
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(SHUTDOWN_DEADLINE_MS),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Codka <no-reply@codka.so>'),
    // Countries whose phone numbers accounts may use (ISO codes, the first one for numbers written without a
    // country code): Somalia alone unless the operator adds others.
    PHONE_COUNTRIES: z
      .string()
      .default('SO')
      .transform((value, context) => {
        const parsed = parsePhoneCountries(value);
        if ('problem' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed.countries;
      }),
    // The SMS transport (server/services/sms): Africa's Talking when its user name and key are set, else a
    // webhook of the operator's aggregator, else the log.
    AFRICASTALKING_USERNAME: z.string().min(1).optional(),
    AFRICASTALKING_API_KEY: z.string().min(1).optional(),
    AFRICASTALKING_SENDER_ID: z.string().min(1).max(11).optional(),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16).optional(),
    // At most this many SMS a day for the whole site, whatever asks for them: the bill's ceiling.
    SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(2000),
    // The USSD gateway's callback (server/http/ussd.ts): its URL carries this key (?key=...); while it is unset the
    // endpoint answers 404. Optionally, only these source addresses (IPs or CIDR ranges, comma-separated) may call.
    USSD_KEY: z.string().min(16).max(256).optional(),
    USSD_ALLOW_FROM: z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined) return null;
        const parsed = parseAddressList(value);
        if ('problem' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed.list;
      }),
    // Which X-Forwarded-For entries to believe (client-address.ts): false, a hop count or proxy addresses.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'object' && !Array.isArray(parsed)) {
          context.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed;
      }),
    // The size of the parts an outside authority's public credentials file is sent in (server/http/
    // public-credentials-import.ts): 8 MB, a few seconds of a part's reading; small ones make a test's list span parts.
    PUBLIC_CREDENTIALS_PART_BYTES: z.coerce
      .number()
      .int()
      .min(PUBLIC_CREDENTIALS_MIN_PART_BYTES)
      .max(PUBLIC_CREDENTIALS_MAX_BYTES)
      .default(PUBLIC_CREDENTIALS_PART_BYTES),
    // Bench only (`npm run bench` sets it): a bare Fastify route, the reference the signed-in reads are measured against (bench/server-load.mjs).
    BENCH_REFERENCE: booleanFlag.default(false),
    // Member listing pages the photo refresh job reads; it fetches from these two hosts and no other.
    PARLIAMENT_SOURCE_URL: z.url({ protocol: /^https?$/ }).default('https://www.parliament.gov.so'),
    SENATE_SOURCE_URL: z.url({ protocol: /^https?$/ }).default('https://senate.gov.so'),
    // A production site on plain http (other than loopback) is refused unless the operator says so.
    ALLOW_HTTP: booleanFlag.default(false),
  })
  .transform((env) => ({
    ...env,
    // An origin as originOnly writes it: PUBLIC_ORIGIN is compared byte for byte with the Origin header.
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    KEYS_FILE: env.KEYS_FILE ?? defaultKeysFile(env.DATABASE_PATH),
  }));

/** data/codka.db keeps its keys in data/codka.keys. */
export function defaultKeysFile(databasePath: string): string {
  const path = resolve(databasePath);
  return join(dirname(path), `${basename(path, extname(path))}.keys`);
}

/**
 * PUBLIC_ORIGIN as a browser writes its Origin header: scheme and host in lower case, no default port, no
 * trailing slash ("HTTPS://Codka.so:443/" is https://codka.so). Anything past the origin is a mistake that would
 * otherwise be half used (links in emails, the CSRF check), so it stops the start; a user name and password, a
 * query or a fragment are named but not repeated, to keep what they may hold out of logs.
 */
function originOnly(value: string, context: z.RefinementCtx): string {
  const url = new URL(value);
  // Without a user name, the href is the origin followed by the path, query and fragment.
  const rest = url.href.slice(url.origin.length);
  const extra =
    url.username || url.password
      ? 'a user name or password'
      : url.pathname !== '/'
        ? `a path (${url.pathname})`
        : rest.includes('?')
          ? 'a query'
          : rest.includes('#')
            ? 'a fragment'
            : null;
  if (extra === null) return url.origin;
  context.addIssue({
    code: 'custom',
    message: `must be an origin only (such as https://codka.so), without ${extra}.`,
  });
  return z.NEVER;
}

/** Whether an origin is served over https: its parsed scheme decides (Secure cookies, HSTS), never its spelling. */
export function isHttpsOrigin(origin: string): boolean {
  return URL.parse(origin)?.protocol === 'https:';
}

export type Env = z.infer<typeof envSchema>;

/** The variables Codka reads: an env file naming any other is refused (a typo must not pass unnoticed). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.in.shape);

export class EnvError extends Error {}

/** Parses an environment; empty strings count as unset so `FOO= npm start` means the default. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  if (
    (result.data.AFRICASTALKING_USERNAME === undefined) !==
    (result.data.AFRICASTALKING_API_KEY === undefined)
  ) {
    throw new EnvError(
      'Invalid environment configuration:\n  AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY must be set together',
    );
  }
  if ((result.data.ADMIN_EMAIL === undefined) !== (result.data.ADMIN_PASSWORD === undefined)) {
    throw new EnvError(
      'Invalid environment configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  const plainHttp = plainHttpRefusal(result.data);
  if (plainHttp) throw new EnvError(`Invalid environment configuration:\n  PUBLIC_ORIGIN: ${plainHttp}`);
  return result.data;
}

/**
 * Production only (NODE_ENV=production, the default): a public site on plain http sends passwords and session
 * cookies in the clear, so it needs ALLOW_HTTP=true to start. Loopback origins (`npm start` on
 * http://localhost, the browser tests on http://127.0.0.1) are never on the network and pass.
 */
function plainHttpRefusal(env: Env): string | null {
  if (env.NODE_ENV !== 'production' || env.ALLOW_HTTP) return null;
  const origin = new URL(env.PUBLIC_ORIGIN);
  if (origin.protocol !== 'http:' || isLoopbackHost(origin.hostname)) return null;
  return (
    `${env.PUBLIC_ORIGIN} is plain http: passwords and session cookies would cross the network unencrypted. ` +
    'Use an https:// origin behind a TLS proxy (docs/deploy.md), or set ALLOW_HTTP=true to start anyway.'
  );
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    (isIPv4(host) && host.startsWith('127.'))
  );
}

/**
 * `defaults` stand in for variables the environment leaves unset (the release executable's SEED_DEMO=false and
 * STAFF_TWO_FACTOR=required).
 */
export function readEnv(defaults: Record<string, string> = {}): Env {
  const set = Object.entries(process.env).filter(([, value]) => value !== undefined && value !== '');
  return parseEnv({ ...defaults, ...Object.fromEntries(set) });
}

/** An environment for tests: defaults, quiet logs, no demo seed. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...overrides });
}
