import { auditLogs, rollFlags } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { enrolledVoter, openFlag, rollUser, supervisor } from '../../helpers/voter-roll-factories';

const say = (key: string) => messageText({ key, params: undefined as never });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function setup() {
  const deps = createTestDeps();
  const boss = await supervisor(deps.db);
  const console = callerFor(deps, boss, '203.0.113.60', { steppedUp: true }).caller;
  return { deps, boss, console };
}

describe('supervisor.flags: grouped per card, newest first, paged', () => {
  it("shows the real owner's flag on the first page under 200 junk flags on another card", async () => {
    const { deps, console } = await setup();
    const owner = await rollUser(deps.db, { fullName: 'Real Owner' });
    const owned = enrolledVoter(deps.db, { userId: owner.id, voterCardNumber: 'SO-7100-0001' });
    const ownerFlag = openFlag(deps.db, owned.id, (await rollUser(deps.db)).id, {
      createdAt: minutesAgo(90),
    });
    // Before it, an attacker flooded a card they know the date of birth of with claims from 200 accounts: on
    // an oldest-first list of 200 rows, those filled the page and the owner's flag was not on it.
    const junk = enrolledVoter(deps.db, {
      userId: (await rollUser(deps.db)).id,
      voterCardNumber: 'SO-7100-0002',
    });
    for (let i = 0; i < 200; i += 1)
      openFlag(deps.db, junk.id, (await rollUser(deps.db)).id, { createdAt: minutesAgo(600 - i) });

    const page = await console.supervisor.flags();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((item) => [item.voterCardNumber, item.count])).toEqual([
      [owned.voterCardNumber, 1],
      [junk.voterCardNumber, 200],
    ]);
    expect(page.items[0]).toMatchObject({ id: owned.id, kinds: ['cardAlreadyClaimed'] });
    // Resolving the owner's card by one of its flags' ids closes it; the junk card stays.
    await console.supervisor.resolveFlag({ id: ownerFlag.id });
    expect((await console.supervisor.flags()).items.map((item) => item.id)).toEqual([junk.id]);
  });

  it('pages 120 flagged cards newest first, 50 a page, each card once', async () => {
    const { deps, console } = await setup();
    const cards: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const entry = enrolledVoter(deps.db, { userId: (await rollUser(deps.db)).id });
      // Two flags per card; the card's place is its newest flag's.
      openFlag(deps.db, entry.id, null, { createdAt: minutesAgo(1000 - i) });
      openFlag(deps.db, entry.id, null, { createdAt: minutesAgo(500 - i), kind: 'dateOfBirthGuessing' });
      cards.unshift(entry.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await console.supervisor.flags(cursor ? { cursor } : undefined);
      sizes.push(page.items.length);
      for (const item of page.items) {
        expect(item.count).toBe(2);
        expect(item.kinds).toEqual(['cardAlreadyClaimed', 'dateOfBirthGuessing']);
      }
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(cards);
  });

  it('refuses a cursor that is not one, with a sentence', async () => {
    const { console } = await setup();
    await expectTrpcError(console.supervisor.flags({ cursor: "1' OR 1=1 --" }), 'BAD_REQUEST');
  });

  it('resolves every open flag of a card together, with or without a note, and audits it', async () => {
    const { deps, console, boss } = await setup();
    const entry = enrolledVoter(deps.db, { userId: (await rollUser(deps.db)).id });
    for (let i = 0; i < 3; i += 1) openFlag(deps.db, entry.id, (await rollUser(deps.db)).id);
    expect(await console.supervisor.resolveFlag({ id: entry.id })).toEqual({ id: entry.id, resolved: 3 });
    expect(deps.db.select().from(rollFlags).where(isNull(rollFlags.resolvedAt)).all()).toEqual([]);
    expect(deps.db.select().from(auditLogs).all()).toEqual([
      expect.objectContaining({ action: 'resolve_flag', recordId: entry.id, actorId: boss.id }),
    ]);
    await expectTrpcError(
      console.supervisor.resolveFlag({ id: entry.id, note: 'Again.' }),
      'CONFLICT',
      say('supervisor.flagResolved'),
    );
  });
});

describe('supervisor.resolveFlag: four eyes', () => {
  it('refuses a supervisor resolving a flag about the entry linked to their own account', async () => {
    const { deps, console, boss } = await setup();
    const own = enrolledVoter(deps.db, { userId: boss.id });
    const flag = openFlag(deps.db, own.id, (await rollUser(deps.db)).id);
    await expectTrpcError(
      console.supervisor.resolveFlag({ id: flag.id, note: 'Mine, fine.' }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );
    await expectTrpcError(
      console.supervisor.resolveFlag({ id: own.id }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );
    expect(deps.db.select().from(rollFlags).all()[0]?.resolvedAt).toBeNull();
  });

  it('refuses a supervisor resolving a flag about an entry they entered, or one their account raised', async () => {
    const { deps, console, boss } = await setup();
    const entered = enrolledVoter(deps.db, { userId: (await rollUser(deps.db)).id, enteredBy: boss.id });
    openFlag(deps.db, entered.id, (await rollUser(deps.db)).id);
    await expectTrpcError(
      console.supervisor.resolveFlag({ id: entered.id }),
      'FORBIDDEN',
      say('supervisor.ownEntry'),
    );
    const claimed = enrolledVoter(deps.db, { userId: (await rollUser(deps.db)).id });
    openFlag(deps.db, claimed.id, boss.id);
    await expectTrpcError(
      console.supervisor.resolveFlag({ id: claimed.id }),
      'FORBIDDEN',
      say('supervisor.ownFlag'),
    );
    expect(deps.db.select().from(rollFlags).where(isNull(rollFlags.resolvedAt)).all()).toHaveLength(2);
    expect(deps.db.select().from(auditLogs).all()).toEqual([]);
  });
});
