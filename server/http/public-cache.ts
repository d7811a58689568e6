import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookies';
import { requestSession } from '../auth/request-session';
import type { ValidSession } from '../auth/sessions';
import { createCaller } from '../routers/_app';
import { parseProcedureInput, procedurePolicy } from '../routers/policy';
import { cacheViewerOf, pollShownBy } from '../routers/viewer';
import { currentPollId } from '../services/polls/poll-views';
import { canonicalJson } from '../trpc/canonical';
import { type AppDeps, createInnerContext } from '../trpc/context';
import type { ProcedurePolicy } from '../trpc/init';
import { transformer } from '../trpc/transformer';
import { type TrpcRequest, trpcRequest } from './trpc-request';

/**
 * Hot public reads answered from memory, before tRPC's adapter (which costs several times a bare Fastify
 * route per request). Which procedures: those whose meta says `publicCache` (server/routers/policy.ts).
 * Each call is stored under its procedure and canonical input, never the raw URL, so a junk query
 * parameter or a re-spelled input is served from the same entry, and a batch naming one call ten times
 * computes it once. Answers never depend on the language (only errors do, and errors are never stored).
 *
 * Who shares an answer: visitors, and signed-in citizens whose answer is the visitors' one, get the
 * visitors' copy, computed without a session. A procedure whose answer also depends on the reader's vote in a
 * poll (`cacheByVote`: results are shown to a poll's voters while it is open) keeps a second copy for that
 * poll's voters, computed with the first such voter's own session (server/routers/viewer.ts). System Admins
 * (drafts, and every result once stepped up) always go through tRPC. Signed-in answers are `no-store`, as
 * every personal API answer. A citizen who just voted sees their own vote at once: the vote emptied the cache.
 *
 * Freshness: every successful write through this server (any non-GET answer under 400) empties the cache
 * before its answer leaves, so the next read is recomputed. The short TTL covers what no request
 * announces: time passing (a poll or election closing at its hour) and the background photo job.
 * The bytes are exactly tRPC's, so the typed client does not know the difference.
 */
export const PUBLIC_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 500;

/** Browsers revalidate every time (a visitor who then signs in must not see the anonymous copy); shared
 * caches such as a CDN may keep it for the same short time as the server, keyed apart for cookies. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_CACHE_TTL_MS / 1000}, stale-while-revalidate=10`;

/** One call's answer, as tRPC writes it in a response: `{"result":{"data":...}}`. */
interface Entry {
  envelope: string;
  storedAt: number;
  /** The whole answer to a one-call request (plain or batch form), made on first use. */
  alone?: Partial<Record<'plain' | 'batch', Answer>>;
}

interface Answer {
  body: string;
  etag: string;
}

const answerOf = (body: string): Answer => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

interface Call {
  path: string;
  input: unknown;
  /** Procedure and canonical input: what the visitors' entry is stored under. */
  key: string;
  policy: ProcedurePolicy;
}

/** One call as this reader asks it: the entry it is stored under, and whose context computes it. */
interface Asked {
  call: Call;
  key: string;
  /** Null: computed as for a visitor, without a session. */
  reader: ValidSession | null;
  /** A voters' copy: the poll its readers voted in, which its answer must show to be stored. */
  votedIn?: string;
}

/** A tRPC call (batched or not) naming only auth.* procedures. */
const AUTH_NAME = /^auth\.[\w.]+$/;
const NO_COOKIES = { setSession() {}, clearSession() {} };
type Caller = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

/**
 * The calls of a tRPC GET that this cache serves, or null. Only `batch` and `input` are read, as tRPC
 * reads them: any other query parameter (`&x=1`) changes nothing, so it cannot force a recomputation.
 * Each input is parsed by its procedure's own schema and written back canonically, so reordered keys or
 * re-encoded characters name the same entry. Anything tRPC would refuse is left to tRPC to answer.
 */
async function parseCalls(call: TrpcRequest): Promise<{ calls: Call[]; batch: boolean } | null> {
  const paths = call.names;
  if (!paths.every((path) => procedurePolicy(path)?.publicCache === true)) return null;
  const query = new URLSearchParams(call.query);
  const batch = query.get('batch') === '1';
  if (!batch && paths.length > 1) return null;
  if (query.getAll('input').length > 1) return null;
  const raw = query.get('input');
  try {
    const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
    if (batch && parsed !== undefined && (parsed === null || typeof parsed !== 'object')) return null;
    const calls = await Promise.all(
      paths.map(async (path, index) => {
        const wire = batch ? (parsed as Record<string, unknown> | undefined)?.[index] : parsed;
        const value = wire === undefined ? undefined : transformer.deserialize(wire as never);
        const input = await parseProcedureInput(path, value);
        const canonical = canonicalJson(input);
        if (canonical === null) throw new TypeError('input with no canonical form');
        return { path, input, key: `${path}\n${canonical}`, policy: procedurePolicy(path) ?? {} };
      }),
    );
    return { calls, batch };
  } catch {
    return null;
  }
}

/** What a write can change on public pages (ProcedurePolicy `onlyAdds`): only add, or anything. */
export type PublicWrite = 'onlyAdds' | 'any';

interface PublicCacheOptions {
  /** The per-address call ceiling (trpc-calls.ts), taken before any work: false when it answered 429. */
  charge?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /**
   * Told whenever the cache is emptied, so what is built from the same answers (pages, ssr.ts) goes too:
   * `onlyAdds` when the write was one that only adds to what pages show (its procedures' meta), which pages
   * may still show for a moment; `any` for every other write, whose copies must go at once.
   */
  onInvalidate?: (write: PublicWrite) => void;
}

export function createPublicCache(deps: AppDeps, options: PublicCacheOptions = {}) {
  const charge = options.charge ?? (async () => true);
  const entries = new Map<string, Entry>();
  // Bumped by every write, so an answer computed before a write is never stored after it.
  let generation = 0;

  function invalidate(write: PublicWrite = 'any') {
    generation += 1;
    entries.clear();
    currentPoll = null;
    options.onInvalidate?.(write);
  }

  // Which poll is current, asked for every signed-in read of polls.current: remembered like an answer (emptied
  // by every write, at most the TTL old), as the visitors' copy of polls.current is.
  let currentPoll: { id: string | null; at: number } | null = null;
  function currentPollNow(): string | null {
    if (!currentPoll || Date.now() - currentPoll.at > PUBLIC_CACHE_TTL_MS) {
      currentPoll = { id: currentPollId(deps.db), at: Date.now() };
    }
    return currentPoll.id;
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt > PUBLIC_CACHE_TTL_MS) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The entry a call is stored under for this reader (null: a visitor), and whose context computes it. */
  function askedBy(call: Call, session: ValidSession | null): Asked {
    const voter = session && cacheViewerOf(deps.db, call.policy, session.user.id, call.input, currentPollNow);
    return voter
      ? { call, key: `${call.key}\nvoters of ${voter.votedIn}`, reader: session, votedIn: voter.votedIn }
      : { call, key: call.key, reader: null };
  }

  /**
   * Runs each distinct call once, as tRPC would for its reader (a visitor, or the voter whose copy it is), and
   * stores it; false when any fails (errors go through tRPC, which words them in the reader's language and
   * for the reader's own session, and are never stored).
   */
  async function compute(request: FastifyRequest, asked: Asked[]): Promise<boolean> {
    const callers = new Map<ValidSession | null, Caller>();
    const callerOf = (session: ValidSession | null) => {
      let caller = callers.get(session);
      if (!caller) {
        const ctx = createInnerContext(deps, { session, ip: request.ip, cookies: NO_COOKIES });
        caller = createCaller(ctx) as unknown as Caller;
        callers.set(session, caller);
      }
      return caller;
    };
    const startedAt = generation;
    const distinct = [...new Map(asked.map((one) => [one.key, one])).values()];
    try {
      const answers = await Promise.all(
        distinct.map(({ call, reader }) => {
          const [scope = '', name = ''] = call.path.split('.');
          return callerOf(reader)[scope]?.[name]?.(call.input);
        }),
      );
      if (startedAt !== generation) return true;
      const storedAt = Date.now();
      distinct.forEach((one, index) => {
        if (one.votedIn !== undefined && pollShownBy(answers[index]) !== one.votedIn) return;
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        const envelope = JSON.stringify({ result: { data: transformer.serialize(answers[index]) } });
        entries.set(one.key, { envelope, storedAt });
      });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * What a tRPC request asks for depends on its names and query alone, so the parse is remembered (bounded
   * like the entries): the hot path is then two map lookups, as it was when the cache keyed on the raw URL.
   */
  const parsedUrls = new Map<string, Awaited<ReturnType<typeof parseCalls>>>();
  const parseKey = (call: TrpcRequest) => `${call.names.join(',')}?${call.query}`;
  async function callsOf(call: TrpcRequest) {
    const key = parseKey(call);
    if (parsedUrls.has(key)) return parsedUrls.get(key) ?? null;
    const parsed = await parseCalls(call);
    if (parsedUrls.size >= MAX_ENTRIES) parsedUrls.delete(parsedUrls.keys().next().value as string);
    parsedUrls.set(key, parsed);
    return parsed;
  }

  /** The response body and its ETag; kept on the entry for one-call requests, the common case. */
  function answerFor(found: Entry[], batch: boolean): Answer {
    const [only] = found;
    if (found.length === 1 && only) {
      only.alone ??= {};
      const form = batch ? 'batch' : 'plain';
      only.alone[form] ??= answerOf(batch ? `[${only.envelope}]` : only.envelope);
      return only.alone[form];
    }
    return answerOf(`[${found.map((entry) => entry.envelope).join(',')}]`);
  }

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const asked = trpcRequest(request);
    if (request.method !== 'GET' || !asked) return;
    // Only a remembered URL answered from memory to a request with no session cookie is free of the call
    // ceiling: a new URL costs a parse, a cookie a database lookup, a miss the computation.
    const costly = !parsedUrls.has(parseKey(asked)) || request.cookies?.[SESSION_COOKIE] !== undefined;
    if (costly && !(await charge(request, reply))) return reply;
    const parsed = await callsOf(asked);
    if (!parsed) return;
    // A forged or expired cookie is no session: such a request is a visitor's.
    const session = requestSession(deps.db, request);
    if (session?.user.isAdmin) return;
    const calls = parsed.calls.map((call) => askedBy(call, session));
    let found = calls.map((one) => fresh(one.key));
    if (found.some((entry) => entry === undefined)) {
      if (!(await charge(request, reply))) return reply;
      const missing = calls.filter((_, index) => found[index] === undefined);
      if (!(await compute(request, missing))) return;
      // A write that landed meanwhile left nothing stored: tRPC answers this one.
      found = calls.map((one) => entries.get(one.key));
      if (found.some((entry) => entry === undefined)) return;
    }
    const { body, etag } = answerFor(found as Entry[], parsed.batch);
    // No ETag or shared caching for a signed-in reader: noStore (trpc-hooks.ts) marks it `no-store`.
    if (session) return reply.type('application/json').send(body);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json').send(body);
  }

  /**
   * Any successful write (votes, admin edits, uploads) may change a public answer. Sign-ins, sign-ups and
   * the rest of auth.* only touch accounts and sessions, so a storm of them does not empty the cache.
   */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    // tRPC's adapter sends a fetch Response, whose status Fastify copies onto the reply only after the onSend
    // hooks: read from reply.statusCode alone, every refused write (412, 400...) emptied the caches.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    // A CORS preflight (OPTIONS, /api/v1) is no write either: a flood of them must not keep emptying the cache.
    if (
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      request.method === 'OPTIONS' ||
      status >= 400 ||
      // A gateway's callback drops the answers itself, when it recorded something (server/http/ussd.ts).
      request.routeOptions.config.gatewayCallback === true
    ) {
      return payload;
    }
    // Decided on the route tRPC matched, so `/%74rpc/auth.signOut` is auth-only too; any other
    // successful write (or a route outside tRPC) empties the cache.
    const names = trpcRequest(request)?.names;
    if (names?.every((name) => AUTH_NAME.test(name))) return payload;
    // The answers here are always dropped (a voter sees their own vote at once). Pages may lag a moment only
    // behind a write whose every call declares `onlyAdds` in its meta: never a list of names kept here.
    const onlyAdds = !!names?.length && names.every((name) => procedurePolicy(name)?.onlyAdds === true);
    invalidate(onlyAdds ? 'onlyAdds' : 'any');
    return payload;
  }

  return { onRequest, onSend, invalidate, size: () => entries.size };
}
