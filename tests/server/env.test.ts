import { readFileSync } from 'node:fs';
import { EnvError, isHttpsOrigin, parseEnv } from '@server/env';
import { describe, expect, it } from 'vitest';

describe('environment', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_PATH: './data/codka.db',
      UPLOADS_DIR: './data/uploads',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      SEED_DEMO: true,
      STAFF_TWO_FACTOR: 'optional',
      RATE_LIMITS: true,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    });
  });

  it('gives a stop 10 s unless SHUTDOWN_DEADLINE_MS says otherwise', () => {
    expect(parseEnv({}).SHUTDOWN_DEADLINE_MS).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_DEADLINE_MS: '2000' }).SHUTDOWN_DEADLINE_MS).toBe(2000);
  });

  it('reads the SMS settings: Somalia alone by default, countries by their codes, a gateway whole or not at all', () => {
    expect(parseEnv({})).toMatchObject({ PHONE_COUNTRIES: ['SO'], SMS_DAILY_LIMIT: 2000 });
    expect(parseEnv({ PHONE_COUNTRIES: 'so, ke' }).PHONE_COUNTRIES).toEqual(['SO', 'KE']);
    expect(() => parseEnv({ PHONE_COUNTRIES: 'SO,XX' })).toThrow(
      /PHONE_COUNTRIES: XX is not a two-letter country code/,
    );
    expect(() => parseEnv({ SMS_DAILY_LIMIT: '0' })).toThrow(/SMS_DAILY_LIMIT/);
    expect(() => parseEnv({ AFRICASTALKING_USERNAME: 'codka' })).toThrow(
      /AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY must be set together/,
    );
    expect(() => parseEnv({ SMS_WEBHOOK_URL: 'ftp://sms.example.so' })).toThrow(/SMS_WEBHOOK_URL/);
  });

  it('derives PUBLIC_ORIGIN from PORT and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://codka.so/' }).PUBLIC_ORIGIN).toBe('https://codka.so');
  });

  it('keeps only the origin of PUBLIC_ORIGIN, as a browser writes it in its Origin header', () => {
    // Capitals once passed the plain-http check yet turned off HSTS and the Secure cookie (attack review, 5).
    expect(parseEnv({ PUBLIC_ORIGIN: 'HTTPS://CODKA.EXAMPLE.SO' }).PUBLIC_ORIGIN).toBe(
      'https://codka.example.so',
    );
    expect(parseEnv({ PUBLIC_ORIGIN: 'HTTP://LOCALHOST:3000' }).PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://codka.so:443/' }).PUBLIC_ORIGIN).toBe('https://codka.so');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://Maá.so' }).PUBLIC_ORIGIN).toBe('https://xn--ma-nia.so');
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'HTTP://CODKA.SO' })).toThrow(
      'PUBLIC_ORIGIN: http://codka.so is plain http',
    );
  });

  it.each([
    ['http://user:pw@localhost', 'a user name or password'],
    ['https://codka.so@evil.example', 'a user name or password'],
    ['https://codka.so/path', 'a path'],
    ['https://codka.so//', 'a path'],
    ['https://codka.so/?x', 'a query'],
    ['https://codka.so?', 'a query'],
    ['https://codka.so/#y', 'a fragment'],
    ['https://codka.so/path?x#y', 'a path'],
  ])('refuses a PUBLIC_ORIGIN that is more than an origin: %s', (origin, part) => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const start = () => parseEnv({ PUBLIC_ORIGIN: origin, NODE_ENV });
      expect(start).toThrow(EnvError);
      expect(start).toThrow(
        `PUBLIC_ORIGIN: must be an origin only (such as https://codka.so), without ${part}`,
      );
      // The password in a mistaken origin is not repeated into the log.
      expect(start).not.toThrow('pw');
    }
  });

  it('decides https from the parsed scheme, whatever the letters', () => {
    expect(isHttpsOrigin('https://codka.so')).toBe(true);
    expect(isHttpsOrigin('HTTPS://CODKA.SO')).toBe(true);
    expect(isHttpsOrigin('http://localhost:3000')).toBe(false);
    expect(isHttpsOrigin('https-not://codka.so')).toBe(false);
    expect(isHttpsOrigin('not an address')).toBe(false);
  });

  it('reads STAFF_TWO_FACTOR as required or optional, and the release executable asks for required', () => {
    expect(parseEnv({ STAFF_TWO_FACTOR: 'required' }).STAFF_TWO_FACTOR).toBe('required');
    expect(parseEnv({ STAFF_TWO_FACTOR: 'optional' }).STAFF_TWO_FACTOR).toBe('optional');
    const entry = readFileSync(new URL('../../server/release/entry.ts', import.meta.url), 'utf8');
    expect(entry).toMatch(/envDefaults: \{[^}]*STAFF_TWO_FACTOR: 'required'/);
  });

  it('reads flags in the usual spellings', () => {
    expect(parseEnv({ RATE_LIMITS: 'off', SEED_DEMO: 'false' })).toMatchObject({
      RATE_LIMITS: false,
      SEED_DEMO: false,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ STAFF_TWO_FACTOR: 'sometimes' }, 'STAFF_TWO_FACTOR'],
    [{ PUBLIC_ORIGIN: 'ftp://x' }, 'PUBLIC_ORIGIN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHUTDOWN_DEADLINE_MS: '0' }, 'SHUTDOWN_DEADLINE_MS'],
    [{ ADMIN_EMAIL: 'admin@codka.so' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
  ])('stops with a message naming the bad variable: %o', (source, expected) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(expected);
  });

  it('refuses plain http off loopback in production unless ALLOW_HTTP=true', () => {
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'http://codka.so' })).toThrow(
      'PUBLIC_ORIGIN: http://codka.so is plain http',
    );
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'http://127.0.0.1.nip.io' })).toThrow(EnvError);
    expect(parseEnv({ PUBLIC_ORIGIN: 'http://codka.so', ALLOW_HTTP: 'true' }).ALLOW_HTTP).toBe(true);
    expect(parseEnv({ PUBLIC_ORIGIN: 'http://codka.so', NODE_ENV: 'development' }).PUBLIC_ORIGIN).toBe(
      'http://codka.so',
    );
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:4000',
      'http://[::1]:3000',
      'https://codka.so',
    ]) {
      expect(parseEnv({ PUBLIC_ORIGIN: origin }).PUBLIC_ORIGIN).toBe(origin);
    }
  });
});
