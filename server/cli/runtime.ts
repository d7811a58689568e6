import { resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import type { DevSite } from '../app';
import type { Env } from '../env';

/** Where the server finds what it reads from disk besides the database. */
export interface RuntimeFiles {
  /** The site's build (`npm run build:site`): its browser files (client/) and its page handler (server/index.cjs). */
  siteDir: string;
  /** The development server's site (server/dev.ts): Vite renders the pages from the sources. */
  devSite?: DevSite;
  migrationsFolder: string;
}

/** A finding of `codka check`. */
export interface CheckLine {
  status: 'ok' | 'warn' | 'fail';
  subject: string;
  detail: string;
}

/**
 * What differs between a development checkout (`npm start`, node_modules beside it) and the release executable
 * (everything inside one file, unpacked on first use): the CLI is the same for both.
 */
export interface Runtime {
  kind: 'checkout' | 'release';
  version: string;
  /** Stand in for variables the environment leaves unset: the executable seeds no demo data by default. */
  envDefaults: Record<string, string>;
  /**
   * Makes the native code and the files the server reads ready (the executable unpacks them once, and only
   * `serve` removes older versions' files). `command`: the command about to run.
   */
  prepare(env: Env, command: string): Promise<RuntimeFiles>;
  /** For `codka check`: can the native code be loaded (and, for the executable, are its files intact)? */
  checkNative(env: Env): Promise<CheckLine[]>;
}

export const VERSION: string = packageJson.version;

/** `npm start` and `node dist/server/index.js <command>` from a clone: packages come from node_modules. */
export function checkoutRuntime(): Runtime {
  return {
    kind: 'checkout',
    version: VERSION,
    envDefaults: {},
    prepare: async () => ({
      siteDir: 'dist/site',
      migrationsFolder: resolve('drizzle'),
    }),
    checkNative: async () => [await loadNativeModules('native modules (node_modules)')],
  };
}

/** Loads each native module and makes it do a little work: a wrong ABI or a missing library fails here. */
export async function loadNativeModules(subject: string): Promise<CheckLine> {
  try {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(':memory:');
    db.prepare('SELECT 1').get();
    db.close();
    const argon2 = await import('@node-rs/argon2');
    await argon2.hash('check', { memoryCost: 1024, timeCost: 1 });
    const { default: sharp } = await import('sharp');
    await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    return {
      status: 'ok',
      subject,
      detail: `better-sqlite3, argon2 and sharp (libvips ${sharp.versions.vips}) load`,
    };
  } catch (error) {
    return { status: 'fail', subject, detail: String(error) };
  }
}
