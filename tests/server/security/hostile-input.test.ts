import { messageText, validationMessage } from '@server/errors/texts';
import { bodyShape, MAX_BODY_NESTING, MAX_BODY_VALUES } from '@server/http/trpc-hooks';
import type { MessageRef } from '@shared/errors';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { procedurePaths } from '../../helpers/procedures';
import { changedTables, snapshot, tableNames } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { type HostileVariant, hostileVariants } from '../../helpers/security/hostile-inputs';
import {
  encodeInput,
  errorMessage,
  looksInternal,
  type TestApp,
  worldApp,
} from '../../helpers/security/http';
import { PROCEDURE_CASES } from '../../helpers/security/procedure-cases';
import { inputSchema, procedureType } from '../../helpers/security/procedure-defs';
import { settlePhotoJobs } from '../../helpers/security/world-extras';

/**
 * Every procedure receives generated malformed inputs over HTTP, as a System Admin past the step-up (who
 * reaches every parser) and as a citizen. The procedure's own zod schema is the oracle: what it refuses must
 * answer 400 with the schema's first message and change nothing; what it accepts (odd but legal text) must
 * never answer 5xx, and a refusal must read as a sentence. Nothing answers with a stack trace.
 *
 * Coverage kept, with less repetition: the admin sends every variant to every procedure. The citizen sends
 * every variant of the whole input and of the request envelope (raw JSON, superjson meta, deep nesting,
 * smuggled fields) and, to the procedures a citizen may call, every field variant the schema accepts (those
 * run the procedure with a citizen's session). It does not send the field variants the schema refuses, nor
 * any field variant to an admin-only procedure: those add no code path. A field the schema refuses stops in
 * the same zod parse whoever sends it (the admin's run proves its 400, its message and the unchanged
 * database), and an admin-only procedure refuses a citizen (in its tier check, or in that same parse)
 * whatever the fields hold.
 */
const paths = procedurePaths();
/** zod's built-in messages ("Invalid input: expected string, received object", "Unrecognized key: ..."). */
const ZOD_WORDING = /expected .+, received|Unrecognized key|Invalid input:|Too (big|small):|Invalid option/;
const tally = { requests: 0, malformed: 0, legal: 0, refusedByTier: 0 };
let address = 0;

function send(
  app: TestApp,
  path: string,
  variant: HostileVariant,
  actor: { cookie: string; language: MessageLanguage },
  remoteAddress: string,
) {
  const body = variant.raw ?? encodeInput(variant.input);
  const { cookie } = actor;
  const language = { 'accept-language': actor.language };
  tally.requests += 1;
  if (procedureType(path) === 'query') {
    return app.inject({
      method: 'GET',
      url: `/trpc/${path}?input=${encodeURIComponent(body)}`,
      headers: { cookie, ...language },
      remoteAddress,
    });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...sameOrigin, 'content-type': 'application/json', cookie, ...language },
    payload: body,
    remoteAddress,
  });
}

/**
 * What the server will make of an input: superjson's round trip, then the procedure's schema; for a refusal,
 * what the reader is told (the schema's message, or the catalogue's general sentence for zod's own wording).
 */
function schemaVerdict(path: string, variant: HostileVariant): { accepted: boolean; message?: MessageRef } {
  const schema = inputSchema(path);
  // A procedure without an input never reads one: whatever is sent is ignored.
  if (!schema) return { accepted: true };
  if (variant.raw !== undefined) return { accepted: false };
  // A mutation's body shaped as no form writes it is refused before it is parsed (server/http/trpc-hooks.ts).
  const body = encodeInput(variant.input);
  const limits = { depth: MAX_BODY_NESTING, values: MAX_BODY_VALUES };
  const shape = bodyShape(body, limits);
  if (procedureType(path) !== 'query' && (shape.depth > limits.depth || shape.values > limits.values)) {
    return { accepted: false, message: { key: 'request.malformed' } };
  }
  const received = superjson.parse(superjson.stringify(variant.input));
  try {
    const result = schema.safeParse(received);
    return result.success
      ? { accepted: true }
      : { accepted: false, message: validationMessage(result.error.issues[0]) };
  } catch {
    // A schema that throws instead of reporting an issue: the server must still answer a clean 400.
    return { accepted: false };
  }
}

/** Raw control characters anywhere in the database (JSON columns hold them escaped, so they do not count). */
function storedControlCharacters(app: Awaited<ReturnType<typeof worldApp>>): string[] {
  const found: string[] = [];
  for (const table of tableNames(app.db)) {
    for (const row of app.db.$client.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && /\p{Cc}/u.test(value)) found.push(`${table}.${column}`);
      }
    }
  }
  return found;
}

describe('hostile input', () => {
  it.each(paths)('%s', async (path) => {
    const test = await worldApp();
    const entry = PROCEDURE_CASES[path];
    if (!entry) throw new Error(`${path} has no entry in tests/helpers/security/procedure-cases.ts`);
    const variants = hostileVariants(await entry.input?.(test.world, 1, test.world.users.admin));
    // Admin-only and staff procedures refuse a citizen in their tier check.
    const adminOnly = entry.tier !== 'public' && entry.tier !== 'citizen';
    // The admin reads in Somali and the citizen in English: every refusal's sentence is checked in both.
    const actors = [
      { name: 'admin', cookie: test.adminCookie, refusedByTier: false, language: 'so' as const },
      { name: 'citizen', cookie: test.citizenCookie, refusedByTier: adminOnly, language: 'en' as const },
    ];
    const legal: { variant: HostileVariant; actor: (typeof actors)[number] }[] = [];
    const before = snapshot(test.db);
    // SQLite counts every row written on this connection (the app's): a refused request that leaves it as it
    // was wrote nothing, so the full snapshot, which costs more than the request, is compared only when it moved.
    const totalChanges = test.db.$client.prepare('SELECT total_changes()').pluck();
    const rowsWritten = () => totalChanges.get() as number;
    let written = rowsWritten();
    // The schema's verdict on a variant is the same whoever sends it: read once, not once per actor.
    const verdicts = new Map(variants.map((variant) => [variant, schemaVerdict(path, variant)]));

    for (const actor of actors) {
      address += 1;
      const remoteAddress = `10.${(address >> 8) & 255}.${address & 255}.1`;
      for (const variant of variants) {
        const verdict = verdicts.get(variant) ?? schemaVerdict(path, variant);
        const sameAsAdmin = actor.refusedByTier || !verdict.accepted;
        if (actor.name === 'citizen' && variant.field !== undefined && sameAsAdmin) continue;
        if (verdict.accepted && !actor.refusedByTier) {
          legal.push({ variant, actor });
          continue;
        }
        const response = await send(test.app, path, variant, actor, remoteAddress);
        const what = `${actor.name}, ${variant.label}`;
        const message = errorMessage(response.body) ?? '';
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        expect(looksInternal(response.body), `${what}: ${response.body.slice(0, 300)}`).toBe(false);
        expect(message, `${what}: no message`).not.toBe('');
        // zod's own English wording never reaches a reader, in either language.
        expect(message, what).not.toMatch(ZOD_WORDING);
        if (actor.refusedByTier) {
          tally.refusedByTier += 1;
          expect([400, 403], `${what}: ${message}`).toContain(response.statusCode);
        } else {
          tally.malformed += 1;
          expect(response.statusCode, `${what}: ${message}`).toBe(400);
          if (verdict.message) expect(message, what).toBe(messageText(verdict.message, actor.language));
        }
        if (rowsWritten() !== written) {
          expect(changedTables(before, snapshot(test.db)), `${what}: the database changed`).toEqual([]);
          written = rowsWritten();
        }
      }
    }

    // Accepted oddities run side by side: some are slow on purpose (the dashboard login waits a second).
    const answers = await Promise.all(
      legal.map(async ({ variant, actor }, index) => {
        const response = await send(test.app, path, variant, actor, `10.200.${address & 255}.${index % 250}`);
        return { what: `${actor.name}, ${variant.label}`, response };
      }),
    );
    for (const { what, response } of answers) {
      tally.legal += 1;
      expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      expect(looksInternal(response.body), `${what}: ${response.body.slice(0, 300)}`).toBe(false);
      if (response.statusCode >= 400) expect(errorMessage(response.body), what).toBeTruthy();
    }
    expect(storedControlCharacters(test), 'raw control characters were stored').toEqual([]);
    await settlePhotoJobs(test.db);
    await test.app.close();
  });

  afterAll(() => {
    if (tally.requests === 0) return;
    reportFigures(
      'hostile-input',
      `hostile input: ${tally.requests} generated requests to ${paths.length} procedures ` +
        `(${tally.malformed} malformed → 400 with the schema's message, ${tally.refusedByTier} refused by tier, ` +
        `${tally.legal} odd but legal → no 5xx); no stack trace, no change from a refused request`,
      { procedures: paths.length, ...tally },
    );
  });
});
