import { testEnv } from '@server/env';
import { procedurePolicy } from '@server/routers/policy';
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createTestDb } from '../../helpers/db';
import { callByPath, procedurePaths } from '../../helpers/procedures';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { PROCEDURE_CASES, STEP_UP_TIERS, type Tier } from '../../helpers/security/procedure-cases';
import { procedureType } from '../../helpers/security/procedure-defs';
import { buildWorld, insertUser, type World } from '../../helpers/security/world';
import { securityEnv, settlePhotoJobs } from '../../helpers/security/world-extras';

/**
 * Who gets what, for every procedure of the app router (OWASP ASVS V4 access control). A deactivated
 * account's session is refused like no session at all; "admin" is a System Admin's session that never stepped
 * up, which is what a stolen cookie gives: it must be refused every high-value action (tier stepUp) with
 * PRECONDITION_FAILED and change nothing. "OK" means the call succeeded with a valid input.
 */
const ACTORS = [
  'visitor',
  'citizen',
  'deactivated citizen',
  'deactivated admin',
  'admin',
  'admin (step-up)',
  'registrar (step-up)',
  'supervisor (step-up)',
] as const;
type Actor = (typeof ACTORS)[number];
type Outcome = 'OK' | TRPCError['code'];

/** What a staff tier answers to everyone who is not staff. */
const refusedToNonStaff = {
  visitor: 'UNAUTHORIZED',
  citizen: 'FORBIDDEN',
  'deactivated citizen': 'UNAUTHORIZED',
  'deactivated admin': 'UNAUTHORIZED',
} as const;

const EXPECTED: Record<Tier, Record<Actor, Outcome>> = {
  public: {
    visitor: 'OK',
    citizen: 'OK',
    'deactivated citizen': 'OK',
    'deactivated admin': 'OK',
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'OK',
  },
  citizen: {
    visitor: 'UNAUTHORIZED',
    citizen: 'OK',
    'deactivated citizen': 'UNAUTHORIZED',
    'deactivated admin': 'UNAUTHORIZED',
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'OK',
  },
  admin: {
    visitor: 'UNAUTHORIZED',
    citizen: 'FORBIDDEN',
    'deactivated citizen': 'UNAUTHORIZED',
    'deactivated admin': 'UNAUTHORIZED',
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'FORBIDDEN',
    'supervisor (step-up)': 'FORBIDDEN',
  },
  stepUp: {
    visitor: 'UNAUTHORIZED',
    citizen: 'FORBIDDEN',
    'deactivated citizen': 'UNAUTHORIZED',
    'deactivated admin': 'UNAUTHORIZED',
    admin: 'PRECONDITION_FAILED',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'FORBIDDEN',
    'supervisor (step-up)': 'FORBIDDEN',
  },
  // The voter roll's staff: each role its own procedures, a System Admin all of them.
  registrar: {
    ...refusedToNonStaff,
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'FORBIDDEN',
  },
  registrarStepUp: {
    ...refusedToNonStaff,
    admin: 'PRECONDITION_FAILED',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'FORBIDDEN',
  },
  supervisor: {
    ...refusedToNonStaff,
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'FORBIDDEN',
    'supervisor (step-up)': 'OK',
  },
  supervisorStepUp: {
    ...refusedToNonStaff,
    admin: 'PRECONDITION_FAILED',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'FORBIDDEN',
    'supervisor (step-up)': 'OK',
  },
  staff: {
    ...refusedToNonStaff,
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'OK',
  },
  // Setting up two-factor sign-in: every staff role, System Admins included.
  staffAccount: {
    ...refusedToNonStaff,
    admin: 'OK',
    'admin (step-up)': 'OK',
    'registrar (step-up)': 'OK',
    'supervisor (step-up)': 'OK',
  },
};

/** The sentences a refused caller reads: each tier's own, never an internal error. */
const REFUSALS: Partial<Record<Outcome, RegExp>> = {
  UNAUTHORIZED:
    /^(Authentication Required\. Please sign in to continue\.|Please sign in to vote|Please sign in as admin to create polls)$/,
  FORBIDDEN:
    /^Access denied\. (Admin privileges required\.|Only System Admins can create polls\.|Only registrars can do this\.|Only enrollment supervisors can do this\.|Only registration staff can open this page\.)$/,
  PRECONDITION_FAILED: /^Please confirm your password to continue\.$/,
};

let sequence = 0;

async function newWorld() {
  const deps = createTestDeps(createTestDb(), testEnv(securityEnv()));
  const world: World = await buildWorld(deps.db);
  return { deps, world };
}

/** One call of `path` as `actor` in `place`, with what it answered and which tables it changed. */
async function callAs(path: string, actor: Actor, { deps, world }: Awaited<ReturnType<typeof newWorld>>) {
  const user =
    actor === 'visitor'
      ? null
      : actor === 'citizen'
        ? world.users.citizen
        : actor === 'deactivated citizen'
          ? world.users.deactivated
          : actor === 'deactivated admin'
            ? await insertUser(deps.db, { role: 'System Admin', isActive: false })
            : actor === 'registrar (step-up)'
              ? world.roll.registrar
              : actor === 'supervisor (step-up)'
                ? world.roll.supervisor
                : world.users.admin;
  const { caller, session } = callerFor(deps, user, `198.51.100.${(sequence % 250) + 1}`, {
    steppedUp: actor.endsWith('(step-up)'),
  });
  if (actor.startsWith('deactivated')) expect(session, 'a deactivated account has no session').toBeNull();
  sequence += 1;
  const input = await PROCEDURE_CASES[path]?.input?.(world, sequence, user);
  const before = snapshot(deps.db);
  let outcome: Outcome = 'OK';
  let message = '';
  try {
    await callByPath(caller, path, input);
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    outcome = error.code;
    message = error.message;
  }
  await settlePhotoJobs(deps.db);
  return { outcome, message, changed: changedTables(before, snapshot(deps.db)) };
}

const paths = procedurePaths();
const tally = { calls: 0, refusals: 0 };

describe('authorization matrix', () => {
  it('has an entry for every procedure of the app router, and no stale ones', () => {
    const missing = paths.filter((path) => !(path in PROCEDURE_CASES));
    const stale = Object.keys(PROCEDURE_CASES).filter((path) => !paths.includes(path));
    expect(missing, 'procedures without an entry in tests/helpers/security/procedure-cases.ts').toEqual([]);
    expect(stale, 'entries for procedures that no longer exist').toEqual([]);
  });

  it('states for every procedure whether it needs step-up, as its own meta declares', () => {
    const disagreeing = paths.filter(
      (path) =>
        STEP_UP_TIERS.includes(PROCEDURE_CASES[path]?.tier ?? 'public') !==
        (procedurePolicy(path)?.stepUp === true),
    );
    expect(
      disagreeing,
      'tier stepUp here but no .meta({ stepUp: true }) in the router, or the reverse',
    ).toEqual([]);
  });

  it.each(paths)('%s', async (path) => {
    const tier = PROCEDURE_CASES[path]?.tier;
    if (!tier) throw new Error(`${path} has no entry in PROCEDURE_CASES`);
    const isQuery = procedureType(path) === 'query';
    // A call expected to write gets a world of its own, so one actor's write cannot change what the next one
    // sees. Refusals and queries change nothing (asserted below): they take turns on one shared world
    // instead of building one each, which was most of this file's time.
    const writes = (actor: Actor) => !isQuery && EXPECTED[tier][actor] === 'OK';
    const own = await Promise.all(
      ACTORS.filter(writes).map(async (actor) => ({
        actor,
        ...(await callAs(path, actor, await newWorld())),
      })),
    );
    const shared = await newWorld();
    const results = [...own];
    for (const actor of ACTORS.filter((actor) => !writes(actor))) {
      results.push({ actor, ...(await callAs(path, actor, shared)) });
    }
    for (const { actor, outcome, message, changed } of results) {
      tally.calls += 1;
      expect(`${actor}: ${outcome}`).toBe(`${actor}: ${EXPECTED[tier][actor]}`);
      if (outcome === 'OK') {
        // Queries are GET requests, which the CSRF check lets through: they must never write.
        if (isQuery) expect(changed, `${actor}: a query changed the database`).toEqual([]);
        continue;
      }
      tally.refusals += 1;
      expect(changed, `${actor}: a refused call changed the database`).toEqual([]);
      expect(message, `${actor}: refusal message`).toMatch(REFUSALS[outcome] ?? /./);
    }
  });

  afterAll(() => {
    if (tally.calls === 0) return;
    reportFigures(
      'authorization-matrix',
      `authorization matrix: ${paths.length} procedures × ${ACTORS.length} actors = ${tally.calls} calls, ` +
        `${tally.refusals} refused as expected, 0 let through that should not be`,
      { procedures: paths.length, actors: ACTORS.length, calls: tally.calls, refusals: tally.refusals },
    );
  });
});
