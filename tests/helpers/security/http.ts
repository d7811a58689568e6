import superjson from 'superjson';
import { buildTestApp } from '../app';
import { createTestDb } from '../db';
import { buildWorld, sessionCookie } from './world';
import { securityEnv } from './world-extras';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** The real app on a fresh world, with cookies for its admin (past the dashboard's step-up) and citizen. */
export async function worldApp(env: Record<string, string> = {}) {
  const db = createTestDb();
  const world = await buildWorld(db);
  const built = await buildTestApp({ db, env: securityEnv(env) });
  return {
    ...built,
    world,
    adminCookie: sessionCookie(db, world.users.admin.id, { steppedUp: true }),
    citizenCookie: sessionCookie(db, world.users.citizen.id),
  };
}

/** A procedure input as the tRPC client sends it (superjson's { json, meta }). */
export function encodeInput(input: unknown): string {
  return JSON.stringify(superjson.serialize(input));
}

/** The ways a page on another site can post to us without a preflight, plus JSON (which needs one). */
export function bodyEncodings(input: unknown): { name: string; contentType: string; payload: string }[] {
  const json = encodeInput(input);
  const boundary = '----codkacsrf';
  const fields = input && typeof input === 'object' ? Object.entries(input) : [];
  const parts = [['input', json], ...fields.map(([key, value]) => [key, String(value)])]
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return [
    { name: 'JSON', contentType: 'application/json', payload: json },
    {
      name: 'urlencoded form',
      contentType: 'application/x-www-form-urlencoded',
      payload: `input=${encodeURIComponent(json)}`,
    },
    {
      name: 'multipart form',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `${parts}--${boundary}--\r\n`,
    },
    { name: 'text/plain', contentType: 'text/plain', payload: json },
  ];
}

export interface PlainRoute {
  path: string;
  methods: string[];
}

/**
 * The app's routes, read from Fastify's own route tree (printRoutes), so a route added later is covered
 * without editing the tests. Each line is "<tree drawing><segment> (<METHODS>)", four columns per level.
 */
export function routeTable(app: TestApp): PlainRoute[] {
  const routes: PlainRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([\s│├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!match?.[2]) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const path = depth === 0 ? match[2] : `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path.endsWith('/') ? path : `${path}`;
    stack.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(',').map((method) => method.trim()) });
  }
  return routes;
}

const INTERNAL_WORDS =
  /SQLITE|SqliteError|Maximum call stack|JSON at position|Unexpected token|Unexpected end of JSON|Cannot read prop|is not a function|undefined is not|TypeError|RangeError|ReferenceError|node_modules|\bat .*\.(ts|js|mjs):\d+/;

/** True when a message a client sees reads like a program's internals rather than a sentence for a person. */
export function looksInternal(message: string): boolean {
  return INTERNAL_WORDS.test(message);
}

/** The message of an error response in either shape the app answers with (tRPC's, or the plain routes'). */
export function errorMessage(body: string): string | null {
  try {
    type Answer = { error?: { message?: string; json?: { message?: string } } };
    const parsed = JSON.parse(body) as Answer | Answer[];
    if (Array.isArray(parsed))
      return parsed.map((item) => item.error?.json?.message ?? '').join(' | ') || null;
    return parsed.error?.json?.message ?? parsed.error?.message ?? null;
  } catch {
    return null;
  }
}
