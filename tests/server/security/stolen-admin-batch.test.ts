import { procedurePolicy } from '@server/routers/policy';
import { describe, expect, it } from 'vitest';
import { uniquePhone } from '../../helpers/phone';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { worldApp } from '../../helpers/security/http';
import { sessionCookie } from '../../helpers/security/world';
import { askInOneBatch, askOverHttp, tally } from '../../helpers/sms-http';

/**
 * A System Admin's cookie stolen from a session that has not stepped up, used to run the USSD simulator (a
 * limited, step-up mutation: each call spends a point of the number's USSD limit and opens a simulator session)
 * fifty times in one tRPC batch. tRPC runs a batch's calls concurrently, so the batch must be refused whole,
 * before any call runs, and by its names alone: whoever sends it, stepped up or not.
 */
const PATH = 'admin.ussd.simulate';
const simulate = (index: number) => ({
  path: PATH,
  input: { phoneNumber: uniquePhone(), sessionId: `stolen-${index}`, text: '' },
});
const fifty = () => Array.from({ length: 50 }, (_, index) => simulate(index));

describe('50 admin.ussd.simulate calls in one batch with a stolen admin cookie', () => {
  it('are all refused, none runs, and the mutation is not batchable even for a stepped-up admin', async () => {
    const test = await worldApp();
    const admin = test.world.users.admin;
    const stolen = sessionCookie(test.db, admin.id);
    const steppedUp = sessionCookie(test.db, admin.id, { steppedUp: true });
    expect(procedurePolicy(PATH)).toMatchObject({ limited: true, stepUp: true });
    const before = snapshot(test.db);

    const batch = await askInOneBatch(test.app, fifty(), { cookie: stolen });
    expect(batch.statusCode).toBe(400);
    expect(tally([batch])).toEqual({ 'batch.aloneOnly': 1 });
    // One answer for the whole request, not fifty: no call reached tRPC.
    expect(Array.isArray(batch.json())).toBe(false);
    // Hidden among harmless reads, or sent by the admin's own stepped-up session: refused the same way.
    const hidden = await askInOneBatch(
      test.app,
      [{ path: 'auth.session', input: undefined }, simulate(50), { path: 'auth.session', input: undefined }],
      { cookie: stolen },
    );
    expect(tally([hidden])).toEqual({ 'batch.aloneOnly': 1 });
    expect(tally([await askInOneBatch(test.app, fifty(), { cookie: steppedUp })])).toEqual({
      'batch.aloneOnly': 1,
    });
    // Alone, the stolen cookie meets the step-up: still nothing runs.
    const alone = await askOverHttp(test.app, PATH, simulate(51).input, { cookie: stolen });
    expect(alone.statusCode).toBe(412);
    expect(alone.json().error.json.data).toMatchObject({ stepUpRequired: true });
    expect(changedTables(before, snapshot(test.db))).toEqual([]);

    // What a call that runs leaves behind (its simulator session), so the check above could have seen one.
    const ran = await askOverHttp(test.app, PATH, simulate(52).input, { cookie: steppedUp });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().result.data.json.answer).toMatch(/^CON /);
    expect(changedTables(before, snapshot(test.db))).toEqual(['ussd_sessions']);
    await test.app.close();
  });
});
