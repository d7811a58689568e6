import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createPhoneUser } from '../../helpers/phone';
import { pendingEntry, registrarWithCenter, rollUser, supervisor } from '../../helpers/voter-roll-factories';

async function setup(
  options: { confirmed?: boolean; language?: 'en' | 'so'; env?: Record<string, string> } = {},
) {
  const { testEnv } = await import('@server/env');
  const deps = createTestDeps(undefined, testEnv(options.env));
  const desk = await registrarWithCenter(deps.db);
  const citizen = await createPhoneUser(deps.db, { confirmed: options.confirmed });
  deps.db
    .update(users)
    .set({ language: options.language ?? 'en' })
    .where(eq(users.id, citizen.id))
    .run();
  const entry = () =>
    pendingEntry(deps.db, { userId: citizen.id, districtId: desk.districtId, enteredBy: desk.user.id });
  const review = callerFor(deps, await supervisor(deps.db), '203.0.113.41', { steppedUp: true }).caller;
  return { deps, citizen, entry, review };
}

describe('SMS notice of an enrollment decision', () => {
  it("tells a confirmed number its approval, in the account's language", async () => {
    const { deps, citizen, entry, review } = await setup({ language: 'so' });
    await review.supervisor.approve({ id: entry().id });
    expect(deps.sms.sent).toEqual([
      {
        to: citizen.phone,
        text: 'Codka: diiwaangelintaada codbixinta waa la ansixiyay. Waxaad ku jirtaa diiwaanka codbixiyeyaasha.',
      },
    ]);
  });

  it('tells a rejection in English to an English account', async () => {
    const { deps, citizen, entry, review } = await setup();
    await review.supervisor.reject({ id: entry().id, reason: 'Card photo unreadable' });
    expect(deps.sms.sent).toEqual([
      {
        to: citizen.phone,
        text: 'Codka: your voter registration was not approved. Please visit your registration centre to learn why.',
      },
    ]);
    // The reason is for staff: it never leaves in an SMS.
    expect(deps.sms.sent[0]?.text).not.toContain('unreadable');
  });

  it('sends nothing to an unconfirmed number or an account without one, and nothing for a suspension', async () => {
    const unconfirmed = await setup({ confirmed: false });
    await unconfirmed.review.supervisor.approve({ id: unconfirmed.entry().id });
    expect(unconfirmed.deps.sms.sent).toEqual([]);

    const { deps, review } = await setup();
    const desk = await registrarWithCenter(deps.db);
    const mailOnly = await rollUser(deps.db);
    const entry = pendingEntry(deps.db, {
      userId: mailOnly.id,
      districtId: desk.districtId,
      enteredBy: desk.user.id,
    });
    await review.supervisor.approve({ id: entry.id });
    await review.supervisor.suspend({ voterId: entry.id, reason: 'Duplicate entry' });
    expect(deps.sms.sent).toEqual([]);
  });

  it("keeps within the SMS limits: the site's daily ceiling stops notices, never the decisions", async () => {
    const { deps, entry, review } = await setup({ env: { SMS_DAILY_LIMIT: '1' } });
    await review.supervisor.approve({ id: entry().id });
    const desk = await registrarWithCenter(deps.db);
    const second = await createPhoneUser(deps.db);
    const { id } = pendingEntry(deps.db, {
      userId: second.id,
      districtId: desk.districtId,
      enteredBy: desk.user.id,
    });
    const decided = await review.supervisor.reject({ id, reason: 'Not eligible' });
    expect(decided).toEqual({ id, status: 'rejected' });
    expect(deps.sms.sent).toHaveLength(1);
  });
});
