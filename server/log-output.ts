import { write } from 'node:fs';

/** Past this much unwritten log, new lines are dropped: a reader that stopped reading must not fill memory. */
const BACKLOG_LIMIT = 8 * 1024 * 1024;
const RETRY_MS = 50;

/**
 * Where the server's log goes (standard output), written so that the output can never stop the server.
 *
 * Pino's own destination writes synchronously and, when the pipe is full because its reader stopped reading,
 * retries in a loop on the main thread (sonic-boom's EAGAIN busy-wait), and keeps looping on EPIPE once the
 * reader has exited. Nothing else runs meanwhile: no request, no SIGTERM handler, no shutdown deadline. That
 * is how a server whose log reader has exited can ignore SIGTERM for minutes.
 * Here every write is asynchronous and one at a time, in order; a full pipe only grows a bounded backlog, and
 * a reader that is gone (EPIPE) turns logging off instead of failing anything. The same destination in its
 * asynchronous mode (`pino.destination({ sync: false, maxLength })`) was tried in place of this: with the reader
 * gone, the server no longer finished its requests or its shutdown (tests/server/shutdown.process.test.ts).
 */
export function logOutput(fd = 1) {
  let backlog: Buffer[] = [];
  let backlogBytes = 0;
  let writing = false;
  let closed = false;
  let dropped = 0;

  const flush = (): void => {
    if (closed || backlog.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const chunk = Buffer.concat(backlog);
    backlog = [];
    backlogBytes = 0;
    writeChunk(chunk);
  };

  const writeChunk = (chunk: Buffer): void => {
    write(fd, chunk, (error, written) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Full pipe on a non-blocking descriptor: try again later, off the main thread's critical path.
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
          setTimeout(() => writeChunk(chunk), RETRY_MS).unref();
          return;
        }
        // EPIPE (the reader exited), EBADF...: there is nobody to write to any more.
        closed = true;
        backlog = [];
        backlogBytes = 0;
        writing = false;
        return;
      }
      if (written < chunk.length) writeChunk(chunk.subarray(written));
      else flush();
    });
  };

  return {
    write(line: string): void {
      if (closed) return;
      if (backlogBytes + line.length > BACKLOG_LIMIT) {
        dropped += 1;
        return;
      }
      if (dropped > 0) {
        const note = `{"level":40,"time":${Date.now()},"msg":"${dropped} log lines dropped: the output was not being read"}\n`;
        dropped = 0;
        backlog.push(Buffer.from(note));
        backlogBytes += note.length;
      }
      const bytes = Buffer.from(line);
      backlog.push(bytes);
      backlogBytes += bytes.length;
      if (!writing) flush();
    },
  };
}
