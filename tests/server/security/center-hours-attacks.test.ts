import { type AddressInfo, connect } from 'node:net';
import { registrationCenters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { label, message, readMessage } from '@shared/i18n/error-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput, errorMessage, looksInternal, worldApp } from '../../helpers/security/http';
import { askOverHttp } from '../../helpers/sms-http';

/**
 * Attack: a stepped-up System Admin session (stolen, or scripted) sends admin.centers.update with opening hours
 * no form writes: a hours note 1,000 times its bound, 10,000 openings, a time of "25:99", one day 500 times, and
 * a 10 MB body. Each is refused with the sentence for what is wrong, in English and in Somali, never a 5xx; the
 * centre and every other row are unchanged; and each refusal comes before the work: the 10,000 openings before
 * the body is parsed (more values than any form writes, server/http/trpc-hooks.ts), the 10 MB body on its announced length (the server
 * answers before it has read the first megabyte) and, when no length is announced, once the first megabyte is
 * past.
 */
type World = Awaited<ReturnType<typeof worldApp>>;
let test: World;
let before: Map<string, string>;
const figures: Record<string, number> = {};
const BODY_LIMIT = 1024 * 1024;

beforeAll(async () => {
  test = await worldApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  before = snapshot(test.db);
});
afterAll(async () => {
  await test.app.close();
  const times = Object.entries(figures).filter(
    ([name]) => name.endsWith(', ms') && !name.startsWith('a good'),
  );
  reportFigures(
    'center-hours-attacks',
    `centre hours: ${times.length} hostile updates refused, the slowest answered in ${Math.round(Math.max(...times.map(([, ms]) => ms)))} ms`,
    figures,
  );
});

const base = () => ({
  id: test.world.centerId,
  name: 'Hodan Center',
  nameSo: 'Xarunta Hodan',
  code: 'RC-001',
  districtId: test.world.districtId,
  openingHours: [{ day: 6, opens: '08:00', closes: '16:00' }],
  hoursNote: 'Closed on public holidays',
  hoursNoteSo: 'Waa xiran yahay maalmaha fasaxa',
});
const say = (text: string, language: 'en' | 'so') => messageText(readMessage(text), language);
const centerRow = () =>
  test.db.select().from(registrationCenters).where(eq(registrationCenters.id, test.world.centerId)).get();

const CASES = [
  {
    name: 'a hours note 1,000 times its bound',
    input: () => ({ ...base(), hoursNote: 'saacadaha '.repeat(20_000) }),
    sentence: message('validation.maxLength', { label: label('hoursNote'), max: 200 }),
  },
  {
    name: 'a Somali hours note 1,000 times its bound',
    input: () => ({ ...base(), hoursNoteSo: 'x'.repeat(200_000) }),
    sentence: message('validation.maxLength', { label: label('hoursNote'), max: 200 }),
  },
  {
    // Each opening is also wrong in itself: a server that read them before counting them would say so 10,000 times.
    name: '10,000 openings',
    input: () => ({
      ...base(),
      openingHours: Array.from({ length: 10_000 }, (_, index) => ({
        day: index % 7,
        opens: '25:99',
        closes: '08:00',
      })),
    }),
    sentence: 'request.malformed',
  },
  {
    name: 'a time of 25:99',
    input: () => ({ ...base(), openingHours: [{ day: 1, opens: '25:99', closes: '17:00' }] }),
    sentence: message('validation.timeOfDay', { label: label('opens') }),
  },
  {
    name: 'a closing time of 25:99',
    input: () => ({ ...base(), openingHours: [{ day: 1, opens: '08:00', closes: '25:99' }] }),
    sentence: message('validation.timeOfDay', { label: label('closes') }),
  },
  {
    name: 'the same day 500 times',
    input: () => ({
      ...base(),
      openingHours: Array.from({ length: 500 }, () => ({ day: 1, opens: '08:00', closes: '16:00' })),
    }),
    sentence: 'validation.dayTwice',
  },
  {
    name: 'the same day twice among seven',
    input: () => ({
      ...base(),
      openingHours: [0, 1, 2, 3, 4, 5, 1].map((day) => ({ day, opens: '08:00', closes: '16:00' })),
    }),
    sentence: 'validation.dayTwice',
  },
] as const;

describe('admin.centers.update with hostile opening hours', () => {
  it.each(CASES)(
    'refuses $name with its sentence in both languages, one issue, nothing changed',
    async (c) => {
      for (const language of ['en', 'so'] as const) {
        const started = performance.now();
        const answer = await askOverHttp(test.app, 'admin.centers.update', c.input(), {
          cookie: test.adminCookie,
          headers: { 'accept-language': language },
        });
        const took = performance.now() - started;
        figures[`${c.name} (${language}), ms`] = took;
        expect(answer.statusCode, answer.body.slice(0, 300)).toBe(400);
        // tRPC's answer, or the plain one of a refusal made before tRPC read the body.
        const body = answer.json().error;
        const error = body.json ?? body;
        expect(error.message).toBe(say(c.sentence, language));
        expect(looksInternal(answer.body)).toBe(false);
        // One thing is wrong, and it is said once: nothing was read past it (nothing at all, before tRPC).
        const refusedUnread = c.sentence === 'request.malformed';
        expect(Object.keys(error.data?.fieldErrors ?? {})).toHaveLength(refusedUnread ? 0 : 1);
        // A bound against a pathological parse only: most of what is left is reading the body itself (JSON, and
        // superjson's copy of it), the same for any procedure; the figures file keeps the times.
        expect(took).toBeLessThan(2000);
      }
      expect(say(c.sentence, 'so')).not.toBe(say(c.sentence, 'en'));
      expect(changedTables(before, snapshot(test.db))).toEqual([]);
    },
  );

  it('accepts the same update with good hours (the control), so the refusals above were about the hours', async () => {
    const started = performance.now();
    const answer = await askOverHttp(test.app, 'admin.centers.update', base(), { cookie: test.adminCookie });
    figures['a good update, ms'] = performance.now() - started;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(centerRow()?.openingHours).toEqual([{ day: 6, opens: '08:00', closes: '16:00' }]);
    before = snapshot(test.db);
  });
});

/**
 * Writes a request's head, then the body in 64 KB pieces as fast as the socket takes them until `total` bytes
 * or until the server answers and closes; resolves with the answer, when it came, and how much of the body the
 * client had handed to its socket by then (what the server read is at most that).
 */
function sendBig(options: { total: number; chunked: boolean; language: 'en' | 'so' }) {
  const { port } = test.app.server.address() as AddressInfo;
  const piece = Buffer.alloc(64 * 1024, 'a');
  const started = performance.now();
  return new Promise<{ status: number; body: string; ms: number; sent: number }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let answeredAt = 0;
    let sentWhenAnswered = 0;
    let done = false;
    socket.on('data', (chunk) => {
      if (!answeredAt) {
        answeredAt = performance.now();
        sentWhenAnswered = sent;
      }
      received += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      done = true;
      const at = received.indexOf('\r\n\r\n');
      let body = at >= 0 ? received.slice(at + 4) : '';
      // A chunked answer: the JSON sits between its size line and the last chunk.
      if (/transfer-encoding: chunked/i.test(received.slice(0, at))) body = body.split('\r\n')[1] ?? '';
      resolve({
        status: Number(received.split(' ')[1]),
        body,
        ms: (answeredAt || performance.now()) - started,
        sent: answeredAt ? sentWhenAnswered : sent,
      });
    });
    const head = [
      'POST /trpc/admin.centers.update HTTP/1.1',
      'Host: localhost:3000',
      `Origin: ${sameOrigin.origin}`,
      `Sec-Fetch-Site: ${sameOrigin['sec-fetch-site']}`,
      'Content-Type: application/json',
      `Accept-Language: ${options.language}`,
      `Cookie: ${test.adminCookie}`,
      options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.total}`,
      'Connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    // A valid start, so the body is JSON as far as it goes.
    const opening = `${encodeInput(base()).slice(0, -2)},"hoursNote":"`;
    const write = (data: Buffer | string) =>
      socket.write(
        options.chunked
          ? Buffer.concat([
              Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`),
              Buffer.from(data),
              Buffer.from('\r\n'),
            ])
          : data,
      );
    write(opening);
    sent += Buffer.byteLength(opening);
    const pump = () => {
      while (!done && sent < options.total) {
        sent += piece.length;
        if (!write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!done && options.chunked) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

describe('admin.centers.update with a 10 MB body', () => {
  it.each([
    ['its length announced', false],
    ['sent chunked, no length announced', true],
  ] as const)('is refused with 413 and a sentence, %s, before the body is read', async (_how, chunked) => {
    for (const language of ['en', 'so'] as const) {
      const answer = await sendBig({ total: 10 * 1024 * 1024, chunked, language });
      figures[`10 MB body ${chunked ? 'chunked' : 'with its length'} (${language}), ms`] = answer.ms;
      figures[`10 MB body ${chunked ? 'chunked' : 'with its length'} (${language}), bytes sent`] =
        answer.sent;
      expect(answer.status, answer.body.slice(0, 300)).toBe(413);
      expect(errorMessage(answer.body)).toBe(messageText({ key: 'request.tooLarge' }, language));
      expect(looksInternal(answer.body)).toBe(false);
      // Refused on the announced length at once, or once the first megabyte is past: the answer came while
      // the client was still sending, far from the whole body.
      expect(answer.sent).toBeLessThan(10 * 1024 * 1024);
      expect(answer.ms).toBeLessThan(1000);
      if (chunked) expect(answer.sent).toBeGreaterThan(BODY_LIMIT);
    }
    expect(messageText({ key: 'request.tooLarge' }, 'so')).not.toBe(messageText({ key: 'request.tooLarge' }));
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
    // The server still answers.
    const after = await askOverHttp(test.app, 'admin.centers.update', base(), { cookie: test.adminCookie });
    expect(after.statusCode).toBe(200);
    before = snapshot(test.db);
  });
});
