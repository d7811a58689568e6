import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testEnv } from '@server/env';
import { createSmsTransport } from '@server/services/sms/transport';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A real aggregator on loopback: keeps what it is sent, answers `status`. */
async function aggregator(status: number) {
  const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

function loggedLines() {
  const lines: { msg: string; sms?: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('SMS transports', () => {
  it('without a gateway, writes one log line per SMS with the number in E.164 and the text', async () => {
    const { log, lines } = loggedLines();
    await createSmsTransport(testEnv(), log).send({
      to: '+252615123456',
      text: 'Codka: koodhkaagu waa 123456.',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toBe('SMS to +252615123456: Codka: koodhkaagu waa 123456.');
  });

  it('POSTs { to, text } to the webhook with its shared secret, and counts a refusal as a failure', async () => {
    const { log } = loggedLines();
    const good = await aggregator(202);
    const secret = 'a shared secret of the aggregator';
    const transport = createSmsTransport(
      testEnv({ SMS_WEBHOOK_URL: good.url, SMS_WEBHOOK_SECRET: secret }),
      log,
    );
    await transport.send({ to: '+252615123456', text: 'hello' });
    expect(good.received).toEqual([
      {
        headers: expect.objectContaining({
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
        }),
        body: { to: '+252615123456', text: 'hello' },
      },
    ]);
    const bad = await aggregator(500);
    await expect(
      createSmsTransport(testEnv({ SMS_WEBHOOK_URL: bad.url }), log).send({
        to: '+252615123456',
        text: 'hello',
      }),
    ).rejects.toThrow('the SMS webhook answered 500');
    expect(bad.received[0]?.headers.authorization).toBeUndefined();
  });
});
