import type { AddressInfo } from 'node:net';
import { polls, pollVotes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { uniquePhone } from '../../helpers/phone';
import { createPoll } from '../../helpers/poll-factories';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { gatewayFor, USSD_TEST_KEY } from '../../helpers/ussd';

type Built = Awaited<ReturnType<typeof buildTestApp>>;
const apps: Built[] = [];

async function gatewayApp(env: Record<string, string> = { USSD_KEY: USSD_TEST_KEY }) {
  const built = await buildTestApp({ env });
  apps.push(built);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { ...built, gateway: gatewayFor(`http://127.0.0.1:${port}`) };
}

const fields = (text = '') => ({
  sessionId: `s-${crypto.randomUUID()}`,
  serviceCode: '*384#',
  phoneNumber: uniquePhone(),
  text,
});

/** The USSD callback as it will be attacked: without its key, from elsewhere, with junk, replayed, late. */
describe('USSD endpoint under attack', () => {
  afterAll(async () => {
    for (const built of apps) await built.app.close();
  });

  it('answers 404, before reading the body, without the key, with a wrong one, or while USSD_KEY is unset', async () => {
    const { gateway, db } = await gatewayApp();
    const before = snapshot(db);
    for (const key of [
      null,
      '',
      'wrong',
      `${USSD_TEST_KEY}x`,
      USSD_TEST_KEY.slice(0, -1),
      USSD_TEST_KEY.toUpperCase(),
    ]) {
      const answer = await gateway.post(fields(), { key });
      expect(`${key}: ${answer.status}`).toBe(`${key}: 404`);
    }
    // A body far past the limit is not even read without the key.
    const big = await gateway.post({ ...fields(), text: 'x'.repeat(200_000) }, { key: 'wrong' });
    expect(big.status).toBe(404);
    expect(changedTables(before, snapshot(db))).toEqual([]);

    const unset = await gatewayApp({});
    for (const key of [null, '', USSD_TEST_KEY, 'undefined']) {
      expect((await unset.gateway.post(fields(), { key })).status).toBe(404);
    }
  });

  it('refuses an address USSD_ALLOW_FROM does not list, whatever X-Forwarded-For claims', async () => {
    const { gateway } = await gatewayApp({
      USSD_KEY: USSD_TEST_KEY,
      USSD_ALLOW_FROM: '196.201.214.0/24, 2001:db8::1',
    });
    for (const headers of [
      {},
      { 'x-forwarded-for': '196.201.214.10' },
      { 'x-real-ip': '196.201.214.10' },
    ] as Record<string, string>[]) {
      expect((await gateway.post(fields(), { headers })).status).toBe(404);
    }
    const allowed = await gatewayApp({ USSD_KEY: USSD_TEST_KEY, USSD_ALLOW_FROM: '127.0.0.0/8' });
    expect(await allowed.gateway.dial(uniquePhone(), 'allowed-1', '')).toMatch(/^CON Codka/);
  });

  it('behind one proxy (TRUST_PROXY=1), believes only the address the proxy appended, not one the caller wrote', async () => {
    const { gateway } = await gatewayApp({
      USSD_KEY: USSD_TEST_KEY,
      USSD_ALLOW_FROM: '196.201.214.0/24',
      TRUST_PROXY: '1',
    });
    // What the proxy passes on: what the caller sent in X-Forwarded-For, then the address it saw.
    const through = (forwarded: string) => ({ headers: { 'x-forwarded-for': forwarded } });
    for (const forged of [
      '196.201.214.10, 203.0.113.9',
      '196.201.214.10, 196.201.214.11, 203.0.113.9',
      '196.201.214.10,203.0.113.9',
      '203.0.113.9',
    ]) {
      expect(`${forged}: ${(await gateway.post(fields(), through(forged))).status}`).toBe(`${forged}: 404`);
    }
    // The proxy itself (the socket's address) is no gateway, whatever else the header says.
    expect((await gateway.post(fields())).status).toBe(404);
    expect((await gateway.post(fields(), { headers: { 'x-real-ip': '196.201.214.10' } })).status).toBe(404);
    // The gateway's own address, appended by the proxy, is answered, whatever the gateway wrote before it.
    for (const real of ['196.201.214.10', '203.0.113.9, 196.201.214.10']) {
      const answer = await gateway.post(fields(), through(real));
      expect(`${real}: ${answer.status}`).toBe(`${real}: 200`);
      expect(answer.body).toMatch(/^CON Codka/);
    }
  });

  it("answers junk with a short END sentence in the reader's language, never a 5xx, changing nothing", async () => {
    const { gateway, db } = await gatewayApp();
    const before = snapshot(db);
    const phone = uniquePhone();
    const long = `9*${'1*'.repeat(5000)}`;
    expect(long.length).toBeGreaterThan(10_000);
    expect(await gateway.dial(phone, 'junk-1', long)).toBe(
      'END Too many choices in one session. Please dial again.',
    );
    expect(await gateway.dial(phone, 'junk-2', '1'.repeat(10_240))).toBe(
      'END Doorashooyin aad u badan hal mar. Fadlan mar kale garaac.',
    );
    for (const text of ['7', '9*5', '3*99', '4*4', '1*0', '*', '9**', '2*x*y*z', '\u0000', '%00', '1*-1']) {
      const answer = await gateway.dial(phone, `junk-${text}`, text);
      expect(answer, text).toMatch(/^END /);
    }
    expect(await gateway.dial(phone, 'junk-7', '9*7')).toBe(
      'END That choice is not on the menu. Please dial again.',
    );
    for (const phoneNumber of ['', 'abc', '+1 202 555 0100', '+252 1', `+252${'6'.repeat(40)}`]) {
      const answer = await gateway.post({ sessionId: `p-${phoneNumber}`, phoneNumber, text: '9' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/^END /);
    }
    for (const body of [
      { phoneNumber: phone, text: '' },
      { sessionId: 'x'.repeat(500), phoneNumber: phone },
    ] as Record<string, string>[]) {
      const answer = await gateway.post(body);
      expect(answer.body).toBe('END Codsiga lama akhriyi karo. Fadlan mar kale garaac.');
    }
    // Past the body limit: refused as it arrives, with a sentence, not a 5xx.
    const huge = await gateway.post({ ...fields(), text: '1'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatch(/^END /);
    // JSON, a bad encoding, another content type.
    for (const [type, body] of [
      ['application/json', '{"sessionId":'],
      ['text/xml', '<a/>'],
      ['application/x-www-form-urlencoded', '%E0%A4%A'],
    ] as const) {
      const response = await fetch(`${gateway.origin}/api/ussd?key=${USSD_TEST_KEY}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(response.status, type).toBeLessThan(500);
      expect(await response.text()).toMatch(/^END /);
    }
    // Only the sessions it opened (ussd_sessions) and nothing else.
    expect(changedTables(before, snapshot(db)).filter((table) => table !== 'ussd_sessions')).toEqual([]);
  });

  it('refuses a session id reused with another number', async () => {
    const { gateway } = await gatewayApp();
    const first = uniquePhone();
    expect(await gateway.dial(first, 'shared-1', '')).toMatch(/^CON /);
    expect(await gateway.dial(uniquePhone(), 'shared-1', '9*1')).toBe(
      'END This session belongs to another number. Please dial again.',
    );
    expect(await gateway.dial(uniquePhone(), 'shared-1', '1')).toBe(
      'END Kalfadhigan lambar kale ayuu leeyahay. Fadlan mar kale garaac.',
    );
    expect(await gateway.dial(first, 'shared-1', '9')).toMatch(/^CON Codka/);
  });

  it('records no vote after the poll closed, even mid-session', async () => {
    const { gateway, db } = await gatewayApp();
    const { poll } = createPoll(db, { eligibility: 'verifiedContact' });
    const phone = uniquePhone();
    expect(await gateway.dial(phone, 'late-1', '9*1*1')).toMatch(/^CON Vote for/);
    db.update(polls)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(polls.id, poll.id))
      .run();
    expect(await gateway.dial(phone, 'late-1', '9*1*1*1')).toBe(
      'END This poll has closed. Your vote was not recorded.',
    );
    expect(await gateway.dial(phone, 'late-1', '1*1*1')).toBe(
      'END Codbixintani way xirantahay. Codkaaga lama diiwaangelin.',
    );
    expect(db.select().from(pollVotes).all()).toEqual([]);
  });

  it("reads no cookie: a signed-in browser's cookie does not make the number that account", async () => {
    const { gateway, db } = await gatewayApp();
    const { poll } = createPoll(db, { eligibility: 'signedIn' });
    const answer = await gateway.post(
      { ...fields('9*1*1*1') },
      { headers: { cookie: 'codka_session=forged.value', origin: 'https://evil.example' } },
    );
    expect(answer.body).toMatch(/^END Thank you/);
    const [vote] = db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id)).all();
    expect(vote?.userId).toBeNull();
  });
});
