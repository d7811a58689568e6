import { pollVotes } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createAdmin } from '../../helpers/factories';
import { uniquePhone } from '../../helpers/phone';
import { createPoll } from '../../helpers/poll-factories';

describe('admin.ussd.simulate', () => {
  it('runs the same menu for a typed number without a gateway key, and never saves a vote', async () => {
    const deps = createTestDeps();
    const { candidates } = createPoll(deps.db, { eligibility: 'verifiedContact' });
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;
    const phoneNumber = uniquePhone();
    const screen = (text: string) => admin.admin.ussd.simulate({ phoneNumber, sessionId: 'demo-1', text });
    expect((await screen('')).answer).toMatch(/^CON Codka\n1\. Codbixinta bishan/);
    expect((await screen('9*1')).answer).toBe(
      `CON Choose a candidate:\n${candidates.map((c, i) => `${i + 1}. ${c.name}`).join('\n')}`,
    );
    expect((await screen('9*1*1*1')).answer).toBe(
      'END Simulator: a vote for Candidate 1 would be recorded. Nothing was saved.',
    );
    expect(deps.db.select().from(pollVotes).all()).toEqual([]);
    // Its sessions are its own: a gateway's session of the same id is another one.
    expect(
      (await admin.admin.ussd.simulate({ phoneNumber: uniquePhone(), sessionId: 'demo-1', text: '9' }))
        .answer,
    ).toBe('END This session belongs to another number. Please dial again.');
  });
});
