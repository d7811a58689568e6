import { type AddressInfo, connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The status line and headers, as received. */
  head: string;
  body: string;
}

/**
 * One HTTP/1.1 exchange on a fresh socket with the request target sent exactly as written: app.inject()
 * and fetch() both rewrite an absolute-form target (`POST http://host/trpc/...`) before the server sees it.
 */
export function rawRequest(
  server: { address(): AddressInfo | string | null },
  request: { method: string; target: string; body?: string; headers?: Record<string, string> },
): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  const body = request.body ?? '';
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('end', () => {
      const at = received.indexOf('\r\n\r\n');
      resolve({
        status: Number(received.split(' ')[1]),
        head: received.slice(0, at),
        body: received.slice(at + 4),
      });
    });
    socket.on('error', reject);
    socket.write(
      `${request.method} ${request.target} HTTP/1.1\r\nHost: localhost:3000\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * A request whose body arrives slowly over a real socket: the head (with the whole body's Content-Length) is
 * sent at once, then `send(write)` writes the body as it likes (in pieces, with pauses, or never whole). The
 * answer is what the server sent before it closed the connection; `closedAfterMs` is when that was.
 */
export function slowRequest(
  server: { address(): AddressInfo | string | null },
  request: { method: string; target: string; headers: Record<string, string>; length: number },
  send: (write: (chunk: Buffer | string) => boolean) => Promise<void>,
): Promise<RawAnswer & { closedAfterMs: number }> {
  const { port } = server.address() as AddressInfo;
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => {
      closed = true;
      const at = received.indexOf('\r\n\r\n');
      resolve({
        status: received ? Number(received.split(' ')[1]) : 0,
        head: at >= 0 ? received.slice(0, at) : received,
        body: at >= 0 ? received.slice(at + 4) : '',
        closedAfterMs: performance.now() - started,
      });
    });
    socket.on('error', () => {});
    socket.write(
      `${request.method} ${request.target} HTTP/1.1\r\nHost: localhost:3000\r\n${headers}` +
        `Content-Length: ${request.length}\r\nConnection: close\r\n\r\n`,
    );
    send((chunk) => (closed ? false : socket.write(chunk))).catch(reject);
  });
}
