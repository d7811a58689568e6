import { subscribe } from 'node:diagnostics_channel';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { bilingualErrorBody, httpStatus } from '../errors/mapping';

/**
 * Requests Node's parser refuses before Fastify sees them (framing that does not add up, a head too long, a
 * request not arrived in time, a body cut short) answer in the site's own shape: a status, a code and the
 * sentence in both languages, since the language the request asks for could not be read. Registered as
 * Fastify's `clientErrorHandler`.
 */

/** Node's error codes that have their own answer; every other parser error is a request that cannot be read. */
const REFUSALS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'request.headersTooLarge',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'request.tooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'request.timedOut',
};
const UNREADABLE: ErrorCode = 'request.unreadable';

/** The whole answer as bytes: status line, headers and body, the connection closed after it. */
function rawAnswer(code: ErrorCode): Buffer {
  const error = new DomainError(code);
  const status = httpStatus(error);
  const body = JSON.stringify(bilingualErrorBody(error));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
}

// Written once: answering a refusal builds nothing, so it cannot fail halfway.
const ANSWERS = new Map<ErrorCode, Buffer>(
  [...Object.values(REFUSALS), UNREADABLE].map((code) => [code, rawAnswer(code)]),
);

/**
 * The responses each connection has begun and not finished, from Node's documented built-in diagnostics
 * channels: a parse error can come on a kept-alive connection while an earlier request's answer is half sent,
 * and an answer written then would land inside that one's body. Node marks its built-in channels experimental;
 * should these two go quiet, nothing is tracked and a half-sent answer gets the refusal written into it, which
 * tests/server/security/client-errors.test.ts catches.
 */
const unfinished = new WeakMap<Socket, Set<ServerResponse>>();
interface ServerMessage {
  socket: Socket;
  response: ServerResponse;
}
subscribe('http.server.request.start', (message) => {
  const { socket, response } = message as ServerMessage;
  const responses = unfinished.get(socket);
  if (responses) responses.add(response);
  else unfinished.set(socket, new Set([response]));
});
subscribe('http.server.response.finish', (message) => {
  const { socket, response } = message as ServerMessage;
  unfinished.get(socket)?.delete(response);
});

const answerStarted = (socket: Socket): boolean => {
  for (const response of unfinished.get(socket) ?? []) if (response.headersSent) return true;
  return false;
};

/** How long a refused connection may take to take its answer before it is closed anyway. */
const CLOSE_AFTER_MS = 5000;

/**
 * Fastify's `clientErrorHandler` (Fastify binds it to the app: `this.log`). It answers only on a socket that
 * can still be written and carries no answer begun, then closes the connection; it never throws, since
 * nothing above it would catch.
 */
export function answerClientError(
  this: { log?: FastifyBaseLogger } | undefined,
  error: Error & { code?: string },
  socket: Socket,
): void {
  try {
    // A reset connection, or one already gone: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = REFUSALS[error.code ?? ''] ?? UNREADABLE;
    // The client's mistake, not the server's: no line at the default level, and never the raw bytes.
    this?.log?.debug({ code: error.code, answer: code }, 'request refused by the HTTP parser');
    const answer = ANSWERS.get(code);
    if (!answer || !socket.writable || answerStarted(socket)) {
      socket.destroy();
      return;
    }
    // Closed once the answer has left, or after a while if the client does not take it.
    socket.setTimeout(CLOSE_AFTER_MS, () => socket.destroy());
    socket.end(answer, () => socket.destroy());
  } catch {
    socket.destroy();
  }
}
