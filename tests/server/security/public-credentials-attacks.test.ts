import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { auditLogs, credentialUploads, electionCredentials, verifiableElections } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { errorText } from '@server/errors/texts';
import { sweepUploads } from '@server/services/verifiable/credential-upload-sweeps';
import type { ErrorCode } from '@shared/errors';
import {
  PUBLIC_CREDENTIALS_MAX_BYTES,
  publicCredentialsPartPath,
  publicCredentialsPath,
  publicCredentialsUploadsPath,
} from '@shared/public-credentials';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, type TestApp } from '../../helpers/app';
import { toolCredentials, toolDir } from '../../helpers/belenios-tool';
import { createAdmin } from '../../helpers/factories';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { sessionCookie } from '../../helpers/security/world';
import { beleniosUuid, listening } from '../../helpers/verifiable';
import { verifiableElection } from '../../helpers/verifiable-factories';

/**
 * Attacks on POST /api/admin/elections/:id/public-credentials over real sockets on a real SQLite database: many
 * uploads of different lists at once for one draft (the draft ends with one list, whole, and the audit log says
 * so), bodies that trickle in or stop halfway (cut at the request timeout, nothing written, other readers served
 * meanwhile), and bodies larger than the limit, announced or not (refused before they have all arrived, the
 * connection closed rather than drained).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 1024 * 1024;
/** The request timeout of this file's app (server/app.ts REQUEST_TIMEOUT_MS, two minutes, shortened). */
const TIMEOUT_MS = 2000;
/** How many uploads race (CODKA_CREDENTIAL_UPLOAD_RACE). */
const UPLOADS = Number(process.env.CODKA_CREDENTIAL_UPLOAD_RACE ?? 50);

let built: TestApp;
let base: string;
let port: number;
const tools = toolDir();

beforeAll(async () => {
  built = await buildTestApp({ requestTimeoutMs: TIMEOUT_MS });
  base = await listening(built);
  port = (built.app.server.address() as AddressInfo).port;
});
afterAll(() => built.app.close());
// The rows of uploads ended by a test before are removed in the background: removed before each test's own look.
beforeEach(() => sweepUploads(built.db));

async function steppedUpAdmin() {
  const admin = await createAdmin(built.db);
  return { admin, cookie: sessionCookie(built.db, admin.id, { steppedUp: true }) };
}

const storedList = (electionId: string) =>
  built.db
    .select({ credential: electionCredentials.credential })
    .from(electionCredentials)
    .where(eq(electionCredentials.electionId, electionId))
    .all()
    .map((row) => row.credential)
    .sort();

/** What the route answers: the count kept, or a refusal's sentence. */
interface UploadAnswer {
  count?: number;
  error?: { errorCode: string; message: string; params?: Record<string, string | number> };
}

/** The audit rows of the election's credential lists, oldest first. */
const listAudits = (electionId: string) =>
  built.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, 'verifiable_elections'), eq(auditLogs.recordId, electionId)))
    .orderBy(asc(auditLogs.id))
    .all()
    .map((row) => ({
      actorId: row.actorId,
      ...(JSON.parse(row.newValues ?? '{}') as { credentialAuthority?: string; publicCredentials?: number }),
    }))
    .filter((values) => values.publicCredentials !== undefined);

interface SocketAnswer {
  status: number;
  head: string;
  body: string;
  /** Bytes of the body the client had written when the first byte of the answer came (all it wrote if none). */
  sentBeforeAnswer: number;
  sent: number;
  answeredAfterMs: number | null;
  closedAfterMs: number;
}

/**
 * One request on a fresh socket: the head as given (a `Connection: close` added), then `feed` writes the body as
 * it likes through `write` (false once the server closed the socket; it waits for the socket to drain). Resolves
 * when the socket closes, whoever closes it.
 */
function socketRequest(
  head: string,
  feed: (write: (chunk: Buffer | string) => Promise<boolean>, socket: Socket) => Promise<void>,
): Promise<SocketAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let sentBeforeAnswer: number | null = null;
    let answeredAfterMs: number | null = null;
    let closed = false;
    socket.on('data', (chunk) => {
      if (sentBeforeAnswer === null) {
        sentBeforeAnswer = sent;
        answeredAfterMs = performance.now() - started;
      }
      received += chunk.toString();
    });
    // The server may close while the client is still writing: a reset is one of the expected ends.
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      const at = received.indexOf('\r\n\r\n');
      resolve({
        status: received ? Number(received.split(' ')[1]) : 0,
        head: at >= 0 ? received.slice(0, at) : received,
        body: at >= 0 ? received.slice(at + 4) : '',
        sentBeforeAnswer: sentBeforeAnswer ?? sent,
        sent,
        answeredAfterMs,
        closedAfterMs: performance.now() - started,
      });
    });
    const write = async (chunk: Buffer | string) => {
      if (closed || socket.destroyed) return false;
      sent += Buffer.byteLength(chunk);
      if (!socket.write(chunk)) {
        await new Promise<void>((drained) => {
          const done = () => {
            socket.off('drain', done).off('close', done);
            drained();
          };
          socket.on('drain', done).on('close', done);
        });
      }
      return !closed && !socket.destroyed;
    };
    socket.write(head.replace(/\r\n$/, 'Connection: close\r\n\r\n'));
    feed(write, socket).catch(reject);
  });
}

/** The first answer's JSON body (its Content-Length long: a second answer may follow it on the socket). */
function firstJson(answer: SocketAnswer) {
  const length = Number(/content-length: (\d+)/i.exec(answer.head)?.[1]);
  return JSON.parse(Buffer.from(answer.body).subarray(0, length).toString());
}

/** The head of an upload for `electionId`, with `extra` header lines (Content-Length or Transfer-Encoding). */
const uploadHead = (electionId: string, cookie: string, extra: string[]) =>
  `POST ${publicCredentialsPath(electionId)} HTTP/1.1\r\nHost: localhost:3000\r\n` +
  `Origin: ${sameOrigin.origin}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\n` +
  `Accept-Language: so\r\nCookie: ${cookie}\r\n${extra.map((line) => `${line}\r\n`).join('')}\r\n`;

/** A public read's time while something else is going on: the election's archive, downloaded whole. */
async function publicReadMs(path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

describe(`${UPLOADS} uploads of different lists at once for one draft`, () => {
  it('leave exactly one list, whole; no 5xx; the audit log names each list kept, the last one the stored one', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const uuid = beleniosUuid(built, electionId);
    // belenios-tool's credentials, cut into lists of 1 to 10: no two lists share a credential.
    const sizes = Array.from({ length: UPLOADS }, (_, i) => 1 + (i % 10));
    const { publics } = toolCredentials(
      tools,
      uuid,
      sizes.reduce((sum, size) => sum + size, 0),
    );
    const lists = sizes.map((size, i) => {
      const from = sizes.slice(0, i).reduce((sum, s) => sum + s, 0);
      return publics.slice(from, from + size);
    });
    const { admin, cookie } = await steppedUpAdmin();

    const answers = await Promise.all(
      lists.map(async (list, i) => {
        const lang: 'en' | 'so' = i % 2 === 0 ? 'en' : 'so';
        const response = await fetch(`${base}${publicCredentialsPath(electionId)}`, {
          method: 'POST',
          headers: { ...sameOrigin, 'content-type': 'application/json', 'accept-language': lang, cookie },
          body: JSON.stringify(list),
        });
        return {
          lang,
          size: list.length,
          status: response.status,
          body: (await response.json()) as UploadAnswer,
        };
      }),
    );

    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      if (answer.status === 200) {
        expect(answer.body).toEqual({ count: answer.size });
        continue;
      }
      const error = answer.body.error;
      expect([409, 429], `${answer.status} ${error?.errorCode}`).toContain(answer.status);
      expect(error?.message).toBe(
        errorText(new DomainError(error?.errorCode as ErrorCode, error?.params ?? {}), answer.lang),
      );
    }
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length).toBeGreaterThan(0);

    // One list, whole: its credentials and no other's.
    const stored = storedList(electionId);
    const matching = lists.filter((list) => JSON.stringify([...list].sort()) === JSON.stringify(stored));
    expect(matching).toHaveLength(1);
    expect(
      built.db
        .select({ authority: verifiableElections.credentialAuthority })
        .from(verifiableElections)
        .where(eq(verifiableElections.electionId, electionId))
        .get()?.authority,
    ).toBe('external');

    // One audit row per list kept, by the admin who sent it; the last one is the list the draft holds.
    const audits = listAudits(electionId);
    expect(audits.map((a) => a.publicCredentials).sort((x, y) => Number(x) - Number(y))).toEqual(
      accepted.map((a) => a.size).sort((x, y) => x - y),
    );
    expect(audits.every((a) => a.actorId === admin.id && a.credentialAuthority === 'external')).toBe(true);
    expect(audits.at(-1)?.publicCredentials).toBe(stored.length);
    reportFigures(
      'public-credentials-race',
      `public credentials: ${UPLOADS} uploads at once, ${accepted.length} kept in turn, the last (${stored.length} credentials) whole`,
      { uploads: UPLOADS, accepted: accepted.length, stored: stored.length },
    );
  }, 60_000);
});

describe('a body that trickles in or stops halfway', () => {
  async function trickleCase(
    feed: (write: (chunk: string) => Promise<boolean>, body: string) => Promise<void>,
  ) {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const open = await verifiableElection(built.db);
    const { publics } = toolCredentials(tools, beleniosUuid(built, electionId), 3);
    const body = JSON.stringify(publics);
    const { cookie } = await steppedUpAdmin();
    const before = snapshot(built.db);

    const upload = socketRequest(
      uploadHead(electionId, cookie, [`Content-Length: ${body.length}`]),
      (write) => feed(write, body),
    );
    // Meanwhile, a reader downloads a public archive every 200 ms.
    const readsMs: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await sleep(200);
      readsMs.push(await publicReadMs(`/api/v1/elections/${open.electionId}/archive.bel`));
    }
    const answer = await upload;
    return { answer, readsMs, before };
  }

  function expectCut(answer: SocketAnswer) {
    expect(answer.status).toBe(408);
    // The timeout, and Node's check every quarter of it, bound when the socket goes.
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(answer.closedAfterMs).toBeLessThan(TIMEOUT_MS * 1.25 + 1000);
  }

  it('a few bytes a second: cut at the request timeout, nothing written, public reads answered at once meanwhile', async () => {
    const { answer, readsMs, before } = await trickleCase(async (write, body) => {
      // Four bytes a second, for longer than the timeout, never the whole body.
      for (let at = 0; at < body.length - 1 && at < 4 * 10; at += 4) {
        if (!(await write(body.slice(at, at + 4)))) return;
        await sleep(1000);
      }
    });
    expectCut(answer);
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
    expect(Math.max(...readsMs)).toBeLessThan(500);
    reportFigures(
      'public-credentials-slow-body',
      `public credentials upload at 4 bytes/s: cut after ${Math.round(answer.closedAfterMs)} ms (timeout ${TIMEOUT_MS} ms); public archive reads meanwhile max ${Math.round(Math.max(...readsMs))} ms`,
      { closedAfterMs: Math.round(answer.closedAfterMs), readMaxMs: Math.round(Math.max(...readsMs)) },
    );
  }, 20_000);

  it('half the body, then silence: cut at the request timeout, nothing written', async () => {
    const { answer, readsMs, before } = await trickleCase(async (write, body) => {
      await write(body.slice(0, body.length >> 1));
    });
    expectCut(answer);
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
    expect(Math.max(...readsMs)).toBeLessThan(500);
  }, 20_000);

  it('half the body, then the client goes away: nothing written, the server keeps serving', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const { publics } = toolCredentials(tools, beleniosUuid(built, electionId), 3);
    const body = JSON.stringify(publics);
    const { cookie } = await steppedUpAdmin();
    const before = snapshot(built.db);
    for (const end of ['reset', 'half-close'] as const) {
      const answer = await socketRequest(
        uploadHead(electionId, cookie, [`Content-Length: ${body.length}`]),
        async (write, socket) => {
          await write(body.slice(0, body.length >> 1));
          await sleep(100);
          if (end === 'reset') socket.resetAndDestroy();
          else socket.end();
        },
      );
      // Whatever the server could still say, it is no success and no server error; and it says it at once.
      expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500), answer.head).toBe(true);
      expect(answer.closedAfterMs).toBeLessThan(TIMEOUT_MS);
    }
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 20_000);
});

describe('a body over the limit', () => {
  /** Writes `total` bytes of the body (or until the server closes) as fast as the socket takes them. */
  const flood =
    (total: number, frame: (chunk: Buffer) => Buffer | string = (chunk) => chunk) =>
    async (write: (chunk: Buffer | string) => Promise<boolean>) => {
      const chunk = Buffer.alloc(MB, '1');
      for (let sent = 0; sent < total; sent += chunk.length) if (!(await write(frame(chunk)))) return;
    };

  function expectRefusedEarly(answer: SocketAnswer, declared: number) {
    // The server closes a socket it has not read to the end: the client's kernel may then drop the 413 it had
    // received (a reset), so a client still sending may see the connection end without it.
    if (answer.status !== 0) {
      expect(answer.status, answer.head).toBe(413);
      const error = JSON.parse(answer.body).error;
      expect(error.errorCode).toBe('verifiable.credentialsTooLarge');
      expect(error.message).toBe(
        errorText(new DomainError('verifiable.credentialsTooLarge', error.params), 'so'),
      );
    }
    // Answered, and the connection closed, before the body had all been sent: never read to its end.
    expect(answer.sentBeforeAnswer).toBeLessThan(declared);
    expect(answer.sent).toBeLessThan(declared);
  }

  it('announced by Content-Length and sent anyway: 413 before it has arrived, the connection closed', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const { cookie } = await steppedUpAdmin();
    const before = snapshot(built.db);
    const declared = PUBLIC_CREDENTIALS_MAX_BYTES + 64 * MB;
    const answer = await socketRequest(
      uploadHead(electionId, cookie, [`Content-Length: ${declared}`]),
      flood(declared),
    );
    expectRefusedEarly(answer, declared);
    expect(answer.sentBeforeAnswer).toBeLessThan(PUBLIC_CREDENTIALS_MAX_BYTES);
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
  }, 30_000);

  it('chunked, no length, without end: 413 once the limit has passed, the connection closed rather than drained', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const { cookie } = await steppedUpAdmin();
    const before = snapshot(built.db);
    const most = PUBLIC_CREDENTIALS_MAX_BYTES + 64 * MB;
    const answer = await socketRequest(
      uploadHead(electionId, cookie, ['Transfer-Encoding: chunked']),
      flood(most, (chunk) =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
    );
    expectRefusedEarly(answer, most);
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
    reportFigures(
      'public-credentials-unbounded-body',
      `public credentials upload, chunked without end: ${answer.status || 'reset'} after ${(answer.sentBeforeAnswer / MB).toFixed(0)} MB sent (limit ${PUBLIC_CREDENTIALS_MAX_BYTES / MB} MB), connection closed after ${(answer.sent / MB).toFixed(0)} MB`,
      { status: answer.status, sentBeforeAnswer: answer.sentBeforeAnswer, sent: answer.sent },
    );
  }, 30_000);

  it('a Content-Length that lies (shorter than the body, or beside chunked): refused, nothing written, no 5xx', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const { publics } = toolCredentials(tools, beleniosUuid(built, electionId), 3);
    const body = JSON.stringify(publics);
    const { cookie } = await steppedUpAdmin();
    const before = snapshot(built.db);
    // Ten bytes announced, the whole list sent: the ten are no list, the rest no request.
    const short = await socketRequest(
      uploadHead(electionId, cookie, ['Content-Length: 10']),
      async (write) => {
        await write(body);
      },
    );
    // Whichever answers first: the route (the ten bytes are no list) or Node's parser (the rest is no request).
    expect(short.status, short.head).toBe(400);
    expect(['request.unreadable', 'verifiable.credentialsInvalid']).toContain(
      firstJson(short).error?.errorCode,
    );
    expect(short.closedAfterMs).toBeLessThan(TIMEOUT_MS);
    // Both framings at once (request smuggling's shape): refused by the parser before any route sees it.
    const both = await socketRequest(
      uploadHead(electionId, cookie, ['Content-Length: 10', 'Transfer-Encoding: chunked']),
      async (write) => {
        await write(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      },
    );
    expect(both.status, both.head).toBe(400);
    // The parser may have answered while the route still reads its ten bytes: what it leaves is looked at once
    // it is done.
    await expect.poll(() => built.db.select().from(credentialUploads).all().length).toBe(0);
    expect(changedTables(before, snapshot(built.db))).toEqual([]);
  }, 20_000);
});

describe('hostile parts of a file given in parts', () => {
  it('garbage, an entry that never ends, odd upload ids and indexes, odd starts: a sentence each, never a 5xx, nothing applied', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const { cookie } = await steppedUpAdmin();
    const headers = { ...sameOrigin, cookie, 'accept-language': 'so' };
    const send = async (url: string, type: string, body: BodyInit) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': type },
        body,
      });
      return { status: response.status, body: (await response.json()) as UploadAnswer };
    };
    const begin = (body: string) => send(publicCredentialsUploadsPath(electionId), 'application/json', body);
    const answers: { what: string; status: number; code?: string }[] = [];
    const expectRefused = (
      what: string,
      answer: { status: number; body: UploadAnswer },
      status: number,
      code: string,
    ) => {
      answers.push({ what, status: answer.status, code: answer.body.error?.errorCode });
      expect(`${what}: ${answer.status} ${answer.body.error?.errorCode}`).toBe(`${what}: ${status} ${code}`);
      expect(answer.body.error?.message).toBe(
        errorText(new DomainError(code as ErrorCode, answer.body.error?.params ?? {}), 'so'),
      );
    };

    for (const [what, body] of [
      ['not JSON', 'size=10'],
      ['a list', '[10, "ab"]'],
      ['a size that is no whole number', JSON.stringify({ size: 1.5, sha256: 'a'.repeat(64) })],
      ['a size as text', JSON.stringify({ size: '100', sha256: 'a'.repeat(64) })],
      ['a hash in capitals', JSON.stringify({ size: 100, sha256: 'A'.repeat(64) })],
      ['a start over 1 KB', JSON.stringify({ size: 100, sha256: 'a'.repeat(64), padding: 'x'.repeat(2000) })],
    ] as const)
      expectRefused(`begin with ${what}`, await begin(body), 400, 'verifiable.credentialsUploadStart');

    const contents: [string, Buffer][] = [
      ['random bytes', randomBytes(3000)],
      ['an entry that never ends', Buffer.from(`["${'1'.repeat(9000)}`)],
      ['an entry over 8 KB', Buffer.from(`["${'1'.repeat(9000)}"]`)],
      ['an escaped NUL in an entry', Buffer.from('["12\\u0000"]')],
      ['a raw NUL in an entry', Buffer.from([0x5b, 0x22, 0x31, 0x00, 0x22, 0x5d])],
      ['lists in lists', Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
      ['an object', Buffer.from('{"credentials": ["1"]}')],
      ['a trailing comma', Buffer.from('["1",]')],
      ['two lists', Buffer.from('["1"]["2"]')],
    ];
    for (const [what, file] of contents) {
      const started = await begin(
        JSON.stringify({ size: file.length, sha256: createHash('sha256').update(file).digest('hex') }),
      );
      expect(started.status, what).toBe(201);
      const { upload } = started.body as unknown as { upload: string };
      expectRefused(
        what,
        await send(
          publicCredentialsPartPath(electionId, upload, 0),
          'application/octet-stream',
          new Uint8Array(file),
        ),
        400,
        'verifiable.credentialsInvalid',
      );
    }

    const file = Buffer.from('["1"]');
    const started = await begin(
      JSON.stringify({ size: file.length, sha256: createHash('sha256').update(file).digest('hex') }),
    );
    const { upload } = started.body as unknown as { upload: string };
    for (const id of [crypto.randomUUID(), '..%2F..%2Fetc', 'x'.repeat(2000), "1' OR '1'='1"])
      expectRefused(
        `upload id ${id.slice(0, 20)}`,
        await send(
          publicCredentialsPartPath(electionId, id, 0),
          'application/octet-stream',
          new Uint8Array(file),
        ),
        409,
        'verifiable.credentialsInterrupted',
      );
    for (const index of ['-1', '1e3', '99999999999', '0x0', '01'])
      expectRefused(
        `index ${index}`,
        await send(
          publicCredentialsPartPath(electionId, upload, 0).replace(/0$/, index),
          'application/octet-stream',
          file,
        ),
        409,
        'verifiable.credentialsPartOutOfOrder',
      );
    // Another election's id with this upload's: not its upload.
    const other = await verifiableElection(built.db, { open: false });
    expectRefused(
      'another election',
      await send(
        publicCredentialsPartPath(other.electionId, upload, 0),
        'application/octet-stream',
        new Uint8Array(file),
      ),
      409,
      'verifiable.credentialsInterrupted',
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(storedList(electionId)).toEqual([]);
  }, 60_000);
});
