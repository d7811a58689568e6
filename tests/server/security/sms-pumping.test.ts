import { testEnv } from '@server/env';
import { DomainError } from '@server/errors/domain-error';
import { dailySmsSent } from '@server/services/sms/daily-count';
import { TRPCError } from '@trpc/server';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createTestDb } from '../../helpers/db';
import { createUser } from '../../helpers/factories';
import { uniquePhone } from '../../helpers/phone';

/**
 * SMS pumping: a script makes the site send SMS to numbers it picks (premium ranges it is paid for, or just
 * many numbers, to run up the bill). Every SMS is counted before it is sent, per number, per address, per
 * account and for the whole site's day; these tests run the script and count what the transport sent.
 */

/** Test deps whose log keeps its error lines, to see what the operator is told. */
function depsWithLog(env: Record<string, string>) {
  const deps = createTestDeps(createTestDb(), testEnv(env));
  const errors: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line).msg) });
  return { deps: { ...deps, log }, errors };
}

/** The error code a call was refused with, or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause.code;
    throw error;
  }
}

/** 256 × 256 addresses, as a botnet or a rented proxy pool would have. */
const addressOf = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`;

describe('SMS pumping', () => {
  it('stops a script asking codes for 1,000 numbers from 1,000 addresses at the daily ceiling, with nothing sent past it', async () => {
    const { deps, errors } = depsWithLog({ SMS_DAILY_LIMIT: '40' });
    const tally = new Map<string, number>();
    // Twenty at a time, as a script runs: the ceiling is taken before any work, so parallel calls cannot pass it.
    for (let start = 0; start < 1000; start += 20) {
      const calls = Array.from({ length: 20 }, (_, offset) => {
        const { caller } = callerFor(deps, null, addressOf(start + offset));
        return outcome(
          caller.auth.signUp({ fullName: 'Bot', phone: uniquePhone(), password: 'a bot secret' }),
        );
      });
      for (const result of await Promise.all(calls)) tally.set(result, (tally.get(result) ?? 0) + 1);
    }
    expect(deps.sms.sent).toHaveLength(40);
    expect(tally.get('ok')).toBe(40);
    expect(tally.get('limit.smsDaily')).toBe(960);
    // The operator heard of it at 80% and at the ceiling, once each, not once per refused request.
    expect(errors).toEqual([
      'SMS: 32 of SMS_DAILY_LIMIT 40 sent today',
      'SMS: SMS_DAILY_LIMIT of 40 reached; no SMS is sent until the day ends',
    ]);

    // Past the ceiling nothing is sent, whichever procedure asks.
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, citizen, addressOf(2000));
    expect(await outcome(caller.auth.requestPhoneCode({ phone: uniquePhone() }))).toBe('limit.smsDaily');
    expect(await outcome(caller.auth.requestPasswordReset({ phone: uniquePhone() }))).toBe('limit.smsDaily');
    expect(deps.sms.sent).toHaveLength(40);
  });

  it('holds the ceiling with RATE_LIMITS off: it is the bill, not an abuse limit', async () => {
    const { deps } = depsWithLog({ SMS_DAILY_LIMIT: '3', RATE_LIMITS: 'off' });
    const { caller } = callerFor(deps, null);
    const results = [];
    for (let index = 0; index < 6; index += 1) {
      results.push(await outcome(caller.auth.signUp({ phone: uniquePhone(), password: 'a bot secret' })));
    }
    expect(results).toEqual(['ok', 'ok', 'ok', 'limit.smsDaily', 'limit.smsDaily', 'limit.smsDaily']);
    expect(deps.sms.sent).toHaveLength(3);
  });

  it('limits one number, one address and one account, each before sending, and a refusal costs the day nothing', async () => {
    const { deps } = depsWithLog({});
    const phone = uniquePhone();
    // One number: three SMS an hour, from any addresses.
    const perNumber = [];
    for (let index = 0; index < 4; index += 1) {
      const { caller } = callerFor(deps, null, addressOf(index));
      perNumber.push(await outcome(caller.auth.requestPasswordReset({ phone })));
    }
    expect(perNumber).toEqual(['ok', 'ok', 'ok', 'limit.sms']);

    // One address: thirty an hour, whatever the numbers.
    const { caller: oneAddress } = callerFor(deps, null, '203.0.113.99');
    const perAddress = [];
    for (let index = 0; index < 31; index += 1) {
      perAddress.push(
        await outcome(oneAddress.auth.signUp({ phone: uniquePhone(), password: 'a bot secret' })),
      );
    }
    expect(perAddress.filter((result) => result === 'ok')).toHaveLength(30);
    expect(perAddress.at(-1)).toBe('limit.sms');

    // One account: five codes an hour, even from fresh addresses.
    const citizen = await createUser(deps.db);
    const perAccount = [];
    for (let index = 0; index < 6; index += 1) {
      const { caller } = callerFor(deps, citizen, addressOf(500 + index));
      perAccount.push(await outcome(caller.auth.requestPhoneCode({ phone: uniquePhone() })));
    }
    expect(perAccount).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'limit.sms']);
    // Thirty sign-ups and five codes were sent. The resets went to numbers without accounts: no SMS, and the
    // site's day was given back, so it counted only what was sent.
    expect(deps.sms.sent).toHaveLength(35);
    expect(dailySmsSent(deps.db)).toBe(35);
  });

  it('sends nothing to a number that is not allowed: another country, a fixed line, a premium range', async () => {
    const { deps } = depsWithLog({ PHONE_COUNTRIES: 'SO,KE' });
    const { caller } = callerFor(deps, null);
    const refused = [];
    for (const phone of ['+44 909 8790000', '+252 1 234567', '+1 900 555 0100', '+251 911 234567']) {
      refused.push(await outcome(caller.auth.signUp({ phone, password: 'a bot secret' })));
    }
    expect(refused).toEqual([
      'phone.countryNotAllowed',
      'phone.notMobile',
      'phone.countryNotAllowed',
      'phone.countryNotAllowed',
    ]);
    // A configured country's mobile is allowed.
    expect(await outcome(caller.auth.signUp({ phone: '+254 712 345678', password: 'a good secret' }))).toBe(
      'ok',
    );
    expect(deps.sms.sent.map((message) => message.to)).toEqual(['+254712345678']);
  });
});
