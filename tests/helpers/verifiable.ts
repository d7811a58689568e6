import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { verifiableElections } from '@server/db/schema';
import { preparationSettled } from '@server/services/verifiable/preparation';
import { generateTrusteeKey } from '@shared/belenios';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { confirmedBySecondAdmin } from './admin';
import { openWindow } from './admin-elections';
import { sameOrigin, type TestApp } from './app';
import { runTool } from './belenios-tool';
import { callerFor, createTestDeps } from './caller';
import { createAdmin, createUser, type TestUser } from './factories';
import { sessionCookie } from './security/world';

/**
 * A verifiable election driven through Codka's real HTTP API: the app listening on a port, voters and trustees
 * calling /trpc with fetch like a browser or a script would, the archive downloaded from /api/v1.
 */
export async function listening(built: TestApp) {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface TrpcAnswer {
  status: number;
  headers: Headers;
  result?: unknown;
  error?: { message: string; data: { code: string; errorCode?: string } };
}

/** One tRPC call over HTTP (a mutation by POST, a query by GET), as the client sends it. */
export async function trpc(
  base: string,
  path: string,
  input: unknown,
  options: { cookie?: string; query?: boolean; language?: string } = {},
): Promise<TrpcAnswer> {
  const headers: Record<string, string> = {
    ...sameOrigin,
    'content-type': 'application/json',
    'accept-language': options.language ?? 'en',
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
  const encoded = encodeURIComponent(JSON.stringify({ 0: { json: input } }));
  const response = options.query
    ? await fetch(`${base}/trpc/${path}?batch=1&input=${encoded}`, { headers })
    : await fetch(`${base}/trpc/${path}?batch=1`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ 0: { json: input } }),
      });
  const text = await response.text();
  const [answer] = JSON.parse(text) as [
    { result?: { data: { json: unknown } }; error?: { json: TrpcAnswer['error'] } },
  ];
  return {
    status: response.status,
    headers: response.headers,
    result: answer?.result?.data.json,
    error: answer?.error?.json,
  };
}

export const cookieOf = (built: TestApp, user: TestUser) =>
  `codka_session=${createSession(built.db, user.id).token}`;

/** A caller an admin route refuses before it reads anything, with the status and error code it answers. */
export interface RefusedCaller {
  who: string;
  options: { cookie?: string; headers?: Record<string, string> };
  status: number;
  code: string;
}

/**
 * A visitor, a citizen, an admin without step-up, and a cross-site page carrying a stepped-up admin's cookie
 * (`steppedUpCookie`): who an admin upload route must refuse.
 */
export async function callersAdminRoutesRefuse(
  built: TestApp,
  steppedUpCookie: string,
): Promise<RefusedCaller[]> {
  const citizen = await createUser(built.db);
  const admin = await createAdmin(built.db);
  return [
    { who: 'a visitor', options: {}, status: 401, code: 'auth.required' },
    {
      who: 'a citizen',
      options: { cookie: cookieOf(built, citizen) },
      status: 403,
      code: 'access.adminOnly',
    },
    {
      who: 'an admin without step-up',
      options: { cookie: sessionCookie(built.db, admin.id) },
      status: 428,
      code: 'stepUp.required',
    },
    {
      who: 'a cross-site page',
      options: {
        cookie: steppedUpCookie,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      },
      status: 403,
      code: 'request.crossSite',
    },
  ];
}

/** Two System Admins with step-up, as in-process callers on the app's own database. */
export async function twoAdmins(built: TestApp) {
  const deps = createTestDeps(built.db, built.env);
  const first = await createAdmin(built.db);
  const second = await createAdmin(built.db);
  return {
    deps,
    first: callerFor(deps, first, '192.0.2.30', { steppedUp: true }).caller,
    second: callerFor(deps, second, '192.0.2.31', { steppedUp: true }).caller,
  };
}
export type Admins = Awaited<ReturnType<typeof twoAdmins>>;

export const CANDIDATES = ['Amina', 'Bashir', 'Casho'];

/** A verifiable draft whose voters are every signed-in account (the roll is not what these tests are about). */
export async function verifiableDraft(admins: Admins, title = 'Verifiable 2027') {
  const window = openWindow();
  const { id } = await admins.first.admin.elections.create({
    title,
    ...window,
    counting: 'verifiable',
    eligibility: 'signedIn',
    candidates: CANDIDATES.map((name) => ({ name, party: null, positionSought: null })),
  });
  const opening = {
    id,
    title,
    description: null,
    ...window,
    status: 'Active' as const,
    resultsVisible: false,
    hideResultsUntilClose: true,
  };
  return { id, opening };
}

/** A verifiable draft with two trustees (One and Two), whose keys are made for the occasion: enough to open. */
export async function draftWithTrustees(admins: Admins, title: string) {
  const draft = await verifiableDraft(admins, title);
  for (const name of ['One', 'Two'])
    await admins.first.admin.elections.trustees.add({
      electionId: draft.id,
      name,
      publicKey: generateTrusteeKey().publicKey,
    });
  return draft;
}

/**
 * Opens a draft: asked by one admin, confirmed by the other once the voters' credentials are ready (the request
 * starts their preparation; a confirm before it ends is refused).
 */
export async function openElection(admins: Admins, opening: { id: string }) {
  const asked = await admins.first.admin.elections.update(opening as never);
  await preparationSettled(admins.deps.db, opening.id);
  await confirmedBySecondAdmin(admins.deps, asked);
}

export function beleniosUuid(built: TestApp, electionId: string): string {
  const row = built.db
    .select()
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get();
  if (!row) throw new Error('no verifiable side');
  return row.uuid;
}

/** Downloads the archive into `dir` as the tool expects it (UUID.bel), and returns its bytes. */
export async function downloadArchive(base: string, electionId: string, dir: string, uuid: string) {
  const response = await fetch(`${base}/api/v1/elections/${electionId}/archive.bel`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  writeFileSync(join(dir, `${uuid}.bel`), bytes);
  return { bytes, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control') };
}

/** `belenios-tool election verify` on the archive in `dir`: every check passes. */
export function toolVerifies(dir: string): void {
  const run = runTool(dir, ['election', 'verify']);
  expect(run.stderr).toContain('all checks passed');
  expect(run.status).toBe(0);
}

export { createUser };
