import { auditLogs, houseMembers } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createMember, createSenator } from '../helpers/directory-factories';
import { createAdmin } from '../helpers/factories';

async function setup() {
  const deps = createTestDeps();
  const admin = await createAdmin(deps.db);
  const abdi = createMember(deps.db, { name: 'Abdi Farah', region: 'Galmudug' });
  const zamzam = createSenator(deps.db, { name: 'Zamzam Ibrahim Ali', state: 'Jubaland' }).id;
  return { deps, admin, abdi, zamzam, caller: callerFor(deps, admin, undefined, { steppedUp: true }).caller };
}

describe('photos.aliases', () => {
  it('adds, lists and deletes aliases, recording each write', async () => {
    const { deps, admin, abdi, caller } = await setup();
    const { id } = await caller.photos.aliases.create({
      scrapedName: '  Hon. Cabdi Faarax ',
      memberType: 'parliament',
      memberId: abdi.id,
    });
    const [alias] = await caller.photos.aliases.list();
    expect(alias).toMatchObject({
      id,
      scrapedName: 'Hon. Cabdi Faarax',
      memberType: 'parliament',
      memberName: 'Abdi Farah',
      memberDetail: `${abdi.hopNumber} · Galmudug`,
      createdByEmail: admin.email,
    });

    // The same spelling (titles, case and spacing aside) is one alias per house.
    await expectTrpcError(
      caller.photos.aliases.create({
        scrapedName: 'cabdi  FAARAX',
        memberType: 'parliament',
        memberId: abdi.id,
      }),
      'CONFLICT',
      'An alias for “cabdi  FAARAX” already exists in the House of the People.',
    );

    await caller.photos.aliases.delete({ id });
    expect(await caller.photos.aliases.list()).toEqual([]);
    await expectTrpcError(caller.photos.aliases.delete({ id }), 'NOT_FOUND', `No name alias with id ${id}.`);

    const audit = deps.db
      .select({ action: auditLogs.action, actorId: auditLogs.actorId })
      .from(auditLogs)
      .where(eq(auditLogs.recordId, id))
      .orderBy(auditLogs.id)
      .all();
    expect(audit).toEqual([
      { action: 'create', actorId: admin.id },
      { action: 'delete', actorId: admin.id },
    ]);
  });

  it('refuses an alias to a member who does not exist, or a name of titles only', async () => {
    const { abdi, zamzam, caller } = await setup();
    await expectTrpcError(
      caller.photos.aliases.create({ scrapedName: 'Zamzam', memberType: 'parliament', memberId: zamzam }),
      'NOT_FOUND',
      `No House member with id ${zamzam}.`,
    );
    await expectTrpcError(
      caller.photos.aliases.create({ scrapedName: 'Hon. Dr.', memberType: 'parliament', memberId: abdi.id }),
      'BAD_REQUEST',
      'The name must contain letters, not only titles.',
    );
    await expectTrpcError(
      caller.photos.aliases.create({ scrapedName: '', memberType: 'parliament', memberId: abdi.id }),
      'BAD_REQUEST',
      'Please enter the name as the source spells it.',
    );
    await expectTrpcError(
      caller.photos.aliases.create({ scrapedName: 'X', memberType: 'parliament', memberId: 'nobody' }),
      'BAD_REQUEST',
      'Please choose the member this name belongs to.',
    );
  });

  it('offers every member as a choice and shows an alias whose member was removed', async () => {
    const { deps, abdi, zamzam, caller } = await setup();
    const choices = await caller.photos.aliases.memberChoices();
    expect(choices.map((c) => [c.type, c.id])).toEqual([
      ['parliament', abdi.id],
      ['senate', zamzam],
    ]);
    await caller.photos.aliases.create({ scrapedName: 'Cabdi', memberType: 'parliament', memberId: abdi.id });
    deps.db.delete(houseMembers).where(eq(houseMembers.id, abdi.id)).run();
    expect((await caller.photos.aliases.list())[0]).toMatchObject({ memberName: null, memberDetail: null });
  });
});
