import { mkdtempSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { testEnv } from '@server/env';
import { DomainError } from '@server/errors/domain-error';
import { errorText } from '@server/errors/texts';
import { createMemoryMailer } from '@server/mail/mailer';
import { createMemorySmsTransport } from '@server/services/sms/transport';
import type { ErrorCode } from '@shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, writeTestSite } from '../../helpers/app';
import { createTestDb } from '../../helpers/db';
import { looksInternal } from '../../helpers/security/http';

/**
 * Requests Node's HTTP parser refuses before any route sees them, sent over real sockets to the real app: each
 * gets its status, the site's JSON refusal (a code and the sentence in English and Somali, nothing internal) and
 * a closed connection, and the server goes on answering everyone else.
 */
const TIMEOUT_MS = 1000;
const HALF_SENT = '/test/half-sent';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'codka-client-errors-'));
  app = await buildApp({
    db: createTestDb(),
    env: testEnv({ UPLOADS_DIR: join(folder, 'uploads') }),
    siteDir: writeTestSite(join(folder, 'site')),
    mailer: createMemoryMailer(),
    sms: createMemorySmsTransport(),
    logger: false,
    requestTimeoutMs: TIMEOUT_MS,
  });
  // No route of the site holds an answer half sent; this one does, until the client has sent what it wants.
  app.get(HALF_SENT, (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    reply.raw.write('first half;');
    setTimeout(() => reply.raw.end('second half'), 3000).unref();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

interface Exchange {
  /** Everything the server sent, as received. */
  received: string;
  closedAfterMs: number;
}

/** One connection: `talk` writes what it likes; resolves with what came back once the socket has closed. */
function exchange(talk: (socket: Socket, received: () => string) => Promise<void> | void): Promise<Exchange> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    // A reset after the answer is one of the ways the server may close.
    socket.on('error', () => {});
    socket.on('close', () => resolve({ received, closedAfterMs: performance.now() - started }));
    socket.on('connect', () => {
      Promise.resolve(talk(socket, () => received)).catch(reject);
    });
  });
}

interface Answer {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** What followed the answer's body on the connection. */
  rest: string;
}

/** The first HTTP answer in `received`, its body as long as its Content-Length says. */
function firstAnswer(received: string): Answer {
  const at = received.indexOf('\r\n\r\n');
  expect(at, received.slice(0, 200)).toBeGreaterThan(0);
  const [statusLine = '', ...lines] = received.slice(0, at).split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const length = Number(headers.get('content-length'));
  const bytes = Buffer.from(received.slice(at + 4));
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: bytes.subarray(0, length).toString(),
    rest: bytes.subarray(length).toString(),
  };
}

/** The site's refusal for `code`: its status, the JSON of the REST routes with both languages, the connection closed. */
function expectRefusal(answer: Answer, status: number, name: string, code: ErrorCode) {
  const error = new DomainError(code);
  const english = errorText(error, 'en');
  const somali = errorText(error, 'so');
  expect(somali).not.toBe(english);
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('connection')).toBe('close');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  // Exactly these fields: no stack, no parser detail, no echo of the bytes sent.
  expect(JSON.parse(answer.body)).toEqual({
    error: {
      code: name,
      message: english,
      errorCode: code,
      params: {},
      messageText: { en: english, so: somali },
    },
  });
  expect(looksInternal(answer.body)).toBe(false);
  expect(answer.rest).toBe('');
}

async function expectStillServing() {
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
}

const HOST = 'Host: localhost:3000\r\n';
/** A POST's head up to its framing: same-origin, so the CSRF check would let it through. */
const POST = `POST /trpc/auth.signUp HTTP/1.1\r\n${HOST}Origin: ${TEST_ORIGIN}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\n`;

describe('a request the HTTP parser cannot read', () => {
  it.each([
    [
      'Content-Length beside chunked framing',
      `${POST}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    ],
    ['two different Content-Lengths', `${POST}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`],
    ['a request line that is no request', 'HELLO THERE\r\n\r\n'],
    ['a space inside the address', `GET /health z HTTP/1.1\r\n${HOST}\r\n`],
    ['an HTTP version that does not exist', `GET /healthz HTTP/7.3\r\n${HOST}\r\n`],
    ['a header name with a space', `GET /healthz HTTP/1.1\r\n${HOST}Bad Header: x\r\n\r\n`],
    ['a header value with a NUL byte', `GET /healthz HTTP/1.1\r\n${HOST}X-Note: a\u0000b\r\n\r\n`],
    ['a bare LF inside the head', `GET /healthz HTTP/1.1\r\n${HOST}X-Note: a\nX-Other: b\r\n\r\n`],
    ['a chunk size that is no number', `${POST}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
  ])('answers %s with 400 and the sentence in both languages', async (_label, request) => {
    const { received, closedAfterMs } = await exchange((socket) => {
      socket.write(request);
    });
    expectRefusal(firstAnswer(received), 400, 'BAD_REQUEST', 'request.unreadable');
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS);
    await expectStillServing();
  });

  it('answers a head over 16 KB with 431', async () => {
    const { received } = await exchange((socket) => {
      socket.write(`GET /healthz HTTP/1.1\r\n${HOST}X-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    });
    expectRefusal(firstAnswer(received), 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', 'request.headersTooLarge');
    await expectStillServing();
  });

  it('answers a chunk whose extensions run past the parser’s bound with 413', async () => {
    const { received } = await exchange((socket) => {
      socket.write(
        `${POST}Transfer-Encoding: chunked\r\n\r\n2;note=${'a'.repeat(20 * 1024)}\r\n{}\r\n0\r\n\r\n`,
      );
    });
    expectRefusal(firstAnswer(received), 413, 'PAYLOAD_TOO_LARGE', 'request.tooLarge');
    await expectStillServing();
  });

  it('answers a body the client stops sending halfway and half-closes with 400, at once', async () => {
    const { received, closedAfterMs } = await exchange(async (socket) => {
      socket.write(`${POST}Content-Length: 100\r\n\r\n{"json":`);
      await sleep(50);
      socket.end();
    });
    expectRefusal(firstAnswer(received), 400, 'BAD_REQUEST', 'request.unreadable');
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS);
    await expectStillServing();
  });

  it('answers a request that has not arrived within the request timeout with 408, others served meanwhile', async () => {
    const slow = exchange((socket) => {
      socket.write(`${POST}Content-Length: 100\r\n\r\n{`);
    });
    await sleep(TIMEOUT_MS / 2);
    await expectStillServing();
    const { received, closedAfterMs } = await slow;
    expectRefusal(firstAnswer(received), 408, 'TIMEOUT', 'request.timedOut');
    // The timeout, and Node's check every quarter of it, bound when the socket goes.
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS * 1.25 + 1000);
    await expectStillServing();
  });

  it('after a whole answer on a kept-alive connection, answers the next, unreadable request after it', async () => {
    const { received } = await exchange(async (socket, got) => {
      socket.write(`GET /healthz HTTP/1.1\r\n${HOST}\r\n`);
      while (!got().includes('{"status":"ok"}')) await sleep(10);
      socket.write('HELLO THERE\r\n\r\n');
    });
    const health = firstAnswer(received);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expectRefusal(firstAnswer(health.rest), 400, 'BAD_REQUEST', 'request.unreadable');
  });

  it('while an answer is half sent, closes the connection without writing into it', async () => {
    const { received, closedAfterMs } = await exchange(async (socket, got) => {
      socket.write(`GET ${HALF_SENT} HTTP/1.1\r\n${HOST}\r\n`);
      while (!got().includes('first half;')) await sleep(10);
      socket.write('HELLO THERE\r\n\r\n');
    });
    // One status line only, the half-sent answer's, and the connection closed well before its second half.
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(received.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(received).not.toContain('request.unreadable');
    expect(received).not.toContain('second half');
    expect(closedAfterMs).toBeLessThan(2000);
    await expectStillServing();
  });
});
