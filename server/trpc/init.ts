import type { MessageLanguage } from '@shared/i18n/error-messages';
import type { StaffRole } from '@shared/roles';
import { initTRPC, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { DomainError } from '../errors/domain-error';
import { messageText, validationMessage } from '../errors/texts';
import { requireTwoFactorSetUp } from '../services/staff-two-factor';
import { isSteppedUp } from '../services/step-up';
import { canonicalJson } from './canonical';
import type { Context } from './context';
import { errorData, publicMessageRef, toTRPCError } from './errors';
import { transformer } from './transformer';

/**
 * A procedure's policy, declared once in its definition with `.meta({...})`: the HTTP hooks, caches,
 * the service worker and the limits read it from the router (server/routers/policy.ts), never from a
 * list of names kept by hand elsewhere.
 */
export interface ProcedurePolicy {
  /**
   * Spends a rate-limit point (a guess, a hash, a vote): such a mutation is refused inside a batch. A flag, not a
   * limit class read by one middleware: which limiter a call spends, keyed by what (address, account, e-mail,
   * registrar) and when (before the work; sign-in and code checks give the point back on success, a registrar's
   * enrolment after it is recorded, a verification mail only when one is sent) is decided beside the work, in the
   * procedure or its service; the batch refusal only needs to know that a point is spent.
   */
  limited?: boolean;
  /** Needs a session that re-entered its password recently (auth.stepUp). */
  stepUp?: boolean;
  /**
   * The public cache may serve it, to visitors and signed-in citizens alike: the answer is the same for all of
   * them (System Admins, who see drafts and may see every result, always go through tRPC). See `cacheByVote`.
   */
  publicCache?: boolean;
  /**
   * A publicCache read whose answer also depends on whether the reader voted in one poll (a poll's results
   * are shown to its voters while it is open): the input's poll or the current one. Voters of that poll
   * share one stored answer and everyone else the visitors' one (server/routers/viewer.ts).
   */
  cacheByVote?: 'inputPoll' | 'currentPoll';
  /** The answer holds only public data: the service worker may keep it for offline reading. */
  offline?: boolean;
  /**
   * A mutation every citizen makes on the busiest day (a vote): answered without tRPC's fetch adapter, through
   * the same caller and context (server/http/vote-fast-path.ts).
   */
  hot?: boolean;
  /**
   * A mutation that only adds to what public pages show (a vote: one more in a count or a turnout), and never
   * hides, withdraws or renames anything. A server-rendered page copied before it may still be served for
   * PAGE_STALE_AFTER_ADD_MS while one render refreshes it in the background (server/http/page-cache.ts); any other
   * successful write (or one of several calls, or outside tRPC) drops every page copy at once. Leave it unset
   * when in doubt: unset is always safe, only slower.
   */
  onlyAdds?: boolean;
}

export { transformer } from './transformer';

/**
 * The error a client receives, built here for tRPC's adapter (errorFormatter below) and for the vote fast path
 * (server/http/vote-fast-path.ts) alike, from tRPC's public codes: the message in the reader's language (ctx is
 * missing only when the request could not be read), the JSON-RPC code, and the data a client acts on. Stack
 * traces never reach a client, whatever NODE_ENV says.
 */
export function errorShape(error: TRPCError, ctx: Context | undefined) {
  const language: MessageLanguage = ctx?.language ?? 'en';
  const zodError = error.cause instanceof ZodError ? error.cause : null;
  const domainError = error.cause instanceof DomainError ? error.cause : null;
  return {
    message: messageText(publicMessageRef(error), language),
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: {
      code: error.code,
      httpStatus: getHTTPStatusCodeFromError(error),
      fieldErrors: zodError ? fieldErrors(zodError, language) : undefined,
      // errorCode and params (a client translates them itself) and stepUpRequired.
      ...(domainError ? errorData(domainError) : {}),
    },
  };
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedurePolicy>()
  .create({
    transformer,
    isDev: false,
    errorFormatter: ({ error, ctx }) => errorShape(error, ctx),
  });

function fieldErrors(error: ZodError, language: MessageLanguage): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    result[key] ??= messageText(validationMessage(issue), language);
  }
  return result;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Identical queries in one batch (same procedure, same canonical input) run once and share the answer:
 * a GET naming `elections.results?id=X` a hundred times costs one computation. Queries never write, and
 * the calls of one request share its context, so their answers are the same. Mutations always run.
 */
const collapseIdenticalQueries = t.middleware(async ({ ctx, type, path, getRawInput, next }) => {
  if (type !== 'query' || !ctx.batchCalls) return next();
  const input = canonicalJson(await getRawInput());
  if (input === null) return next();
  const key = `${path}\n${input}`;
  const running = ctx.batchCalls.get(key) as ReturnType<typeof next> | undefined;
  if (running) return running;
  const result = next();
  ctx.batchCalls.set(key, result);
  return result;
});

/**
 * The one place a domain error (a service's, an auth check's, a middleware's) becomes tRPC's: the kind's
 * code and the English sentence, with the domain error kept as the cause for the error formatter.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(domainErrors).use(collapseIdenticalQueries);

/** Signed-in users with an active account; `ctx.user` is never null inside. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new DomainError('auth.required');
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/**
 * The one step-up check (docs/product.md#step-up): a procedure that declares `.meta({ stepUp: true })` runs only for
 * a session that re-entered its password (and code, where enrolled) within the last 15 minutes. Tiers add it
 * after their own role check, so a visitor still hears "sign in" and a citizen "access denied".
 */
export const requireStepUp = t.middleware(({ ctx, meta, next }) => {
  if (meta?.stepUp && !isSteppedUp(ctx.session?.steppedUpUntil ?? null)) {
    throw new DomainError('stepUp.required');
  }
  return next();
});

/**
 * With STAFF_TWO_FACTOR=required, a staff account (System Admins too) that has not set up two-factor sign-in is
 * refused every staff and admin procedure with "set up two-factor sign-in first" (data.twoFactorSetupRequired):
 * its password alone opens nothing but the setup. Tiers add it after their own role check and before step-up,
 * so a citizen still hears "access denied" and such an account is never asked for a step-up it cannot use.
 */
export const requireStaffTwoFactor = t.middleware(({ ctx, next }) => {
  if (ctx.user) requireTwoFactorSetUp(ctx, ctx.user);
  return next();
});

/**
 * System Admins only (docs/product.md#system-admin: admin means role equals System Admin); high-value ones also need
 * step-up.
 */
export const adminProcedure = protectedProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user.isAdmin) {
      throw new DomainError('access.adminOnly');
    }
    return next({ ctx });
  })
  .use(requireStaffTwoFactor)
  .use(requireStepUp);

/** Whether a signed-in account may use a staff tier that lets in these roles (a System Admin always may). */
function holdsRole(user: { isAdmin: boolean; role: StaffRole | null }, allowed: readonly StaffRole[]) {
  return user.isAdmin || (user.role !== null && allowed.includes(user.role));
}

/**
 * Staff tiers (docs/product.md#roles). A System Admin may do every staff action; the four-eyes rules
 * (no approving one's own entry or one's own account) are the services' and bind the admin too. Staff
 * procedures that change the roll declare `stepUp: true`.
 */
function staffTier(
  allowed: readonly StaffRole[],
  code: 'access.registrarOnly' | 'access.supervisorOnly' | 'access.staffOnly',
) {
  return protectedProcedure
    .use(({ ctx, next }) => {
      if (!holdsRole(ctx.user, allowed)) {
        throw new DomainError(code);
      }
      return next({ ctx });
    })
    .use(requireStaffTwoFactor)
    .use(requireStepUp);
}

/** Registrars (at their assigned centers) and System Admins. */
export const registrarProcedure = staffTier(['Registrar'], 'access.registrarOnly');

/** Enrollment Supervisors and System Admins. */
export const supervisorProcedure = staffTier(['Enrollment Supervisor'], 'access.supervisorOnly');

/** Any staff role: the staff console's shared reads (which sections to show). */
export const staffProcedure = staffTier(['Registrar', 'Enrollment Supervisor'], 'access.staffOnly');

/**
 * Any staff account, whether or not it has set up two-factor sign-in: only for setting it up (auth.twoFactor
 * begin and confirm), which STAFF_TWO_FACTOR=required must leave open or nobody could ever meet it.
 */
export const staffAccountProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!holdsRole(ctx.user, ['Registrar', 'Enrollment Supervisor'])) {
    throw new DomainError('access.staffOnly');
  }
  return next({ ctx });
});
