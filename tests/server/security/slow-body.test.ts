import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { slowRequest } from '../../helpers/raw-http';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { encodeInput } from '../../helpers/security/http';
import { sessionCookie } from '../../helpers/security/world';

/**
 * Attack: a POST to /trpc whose body arrives a byte a second (slowloris on the body). The server gives up when
 * the request timeout (server/app.ts REQUEST_TIMEOUT_MS, shortened here) has passed since the request began, runs
 * nothing, and answers every other request meanwhile: one thread is never held by a socket that barely talks.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TIMEOUT_MS = 1500;

describe('a body sent to /trpc a byte a second', () => {
  it('is cut off with a 408 within the body timeout, changes nothing, and other requests keep their answers', async () => {
    const test = await buildTestApp({ requestTimeoutMs: TIMEOUT_MS });
    try {
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = test.app.server.address() as AddressInfo;
      const citizen = await createUser(test.db);
      const cookie = sessionCookie(test.db, citizen.id);
      const before = snapshot(test.db);
      const body = Buffer.from(encodeInput({ phone: '+252615000001' }));

      const slow = slowRequest(
        test.app.server,
        {
          method: 'POST',
          target: '/trpc/auth.requestPhoneCode',
          length: body.length,
          headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
        },
        async (write) => {
          // One byte a second, never the last one; the client itself stops after ten seconds.
          for (let at = 0; at < body.length - 1 && at < 10; at += 1) {
            if (!write(body.subarray(at, at + 1))) break;
            await sleep(1000);
          }
        },
      );
      // While the body trickles in, the server answers others at once.
      const answeredMs: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        await sleep(200);
        const startedAt = performance.now();
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        answeredMs.push(performance.now() - startedAt);
        expect(health.status).toBe(200);
        const read = await fetch(`http://127.0.0.1:${port}/trpc/auth.session`, { headers: { cookie } });
        expect(read.status).toBe(200);
      }
      expect(Math.max(...answeredMs)).toBeLessThan(500);

      const answer = await slow;
      expect(answer.status).toBe(408);
      // The timeout, and the check Node runs every quarter of it, bound when the socket goes.
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(answer.closedAfterMs).toBeLessThan(TIMEOUT_MS * 1.25 + 1000);
      expect(changedTables(before, snapshot(test.db))).toEqual([]);
      expect(test.sms.sent).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      await test.app.close();
    }
  }, 20_000);
});
