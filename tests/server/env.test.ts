import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../server/env';

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
      RATE_LIMITS: true,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    });
  });

  it('derives PUBLIC_ORIGIN from PORT and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://codka.so/' }).PUBLIC_ORIGIN).toBe('https://codka.so');
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
    [{ PUBLIC_ORIGIN: 'ftp://x' }, 'PUBLIC_ORIGIN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
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
