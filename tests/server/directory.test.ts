import { senators } from '@server/db/schema';
import { englishMessage } from '@server/errors/texts';
import { publicMessage } from '@server/trpc/errors';
import { HOUSE_TOTAL, publishedSeats, SENATE_TOTAL, STATE_SEATS } from '@shared/content/seats';
import { STATE_IDS } from '@shared/federal-states';
import { directoryMessages as keyed } from '@shared/schemas/directory';
import { TRPCError } from '@trpc/server';
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedReference } from '../../seed/reference';

/** The schema's messages (keys with their parts) as the English sentences a client is sent. */
const directoryMessages = Object.fromEntries(
  Object.entries(keyed).map(([name, message]) => [name, englishMessage(message)]),
) as Record<keyof typeof keyed, string>;

import { buildTestApp } from '../helpers/app';
import { type Actor, callerAs, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';
import { createMember, createSenator } from '../helpers/directory-factories';

/** A caller on a database holding the seeded 275 House members and 54 senators. */
async function seededCaller(actor: Actor = 'visitor') {
  const db = createTestDb();
  seedReference(db);
  const deps = createTestDeps(db);
  return { ...(await callerAs(deps, actor)), db };
}

async function expectBadRequest(promise: Promise<unknown>, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the call to fail').toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('BAD_REQUEST');
  expect(publicMessage(error as TRPCError)).toMatch(message);
}

describe('directory.members', () => {
  it.each<Actor>(['visitor', 'user', 'admin'])('is open to a %s', async (actor) => {
    const { caller } = await seededCaller(actor);
    const page = await caller.directory.members();
    expect(page).toMatchObject({ total: 275, page: 1, pageSize: 24 });
    expect(page.items).toHaveLength(24);
  });

  it('lists in HOP order with only the directory columns', async () => {
    const { caller } = await seededCaller();
    const { items } = await caller.directory.members({ page: 2 });
    expect(items.map((m) => m.hopNumber)[0]).toBe('HOP#025');
    expect(items.at(-1)?.hopNumber).toBe('HOP#048');
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      [
        'birthDate',
        'description',
        'email',
        'hopNumber',
        'id',
        'imageUrl',
        'isPlaceholder',
        'name',
        'phone',
        'photoUrl',
        'region',
      ].sort(),
    );
  });

  it('finds a member by part of the name, in any case and with spaces around it', async () => {
    const { caller } = await seededCaller();
    const { items, total } = await caller.directory.members({ search: '  sadia YASIN ' });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ hopNumber: 'HOP#002', name: 'Sadia Yasin Haji Samatar' });
  });

  it.each(['sadia samatar', 'Samatar Sadia', 'SAMATAR  haji', '  sadia   samatar '])(
    'finds a member by the words of the name in any order: "%s"',
    async (search) => {
      const { caller } = await seededCaller();
      const { items } = await caller.directory.members({ search });
      expect(items.map((m) => m.name)).toContain('Sadia Yasin Haji Samatar');
      expect(items.every((m) => /sadia|samatar|haji/i.test(m.name))).toBe(true);
    },
  );

  it('needs every word of the search', async () => {
    const { caller } = await seededCaller();
    expect((await caller.directory.members({ search: 'sadia nosuchword' })).total).toBe(0);
  });

  it.each(['HOP#012', 'hop#012', 'HOP 12', '012', '12'])('finds HOP#012 from "%s"', async (search) => {
    const { caller } = await seededCaller();
    const { items, total } = await caller.directory.members({ search });
    expect(total).toBe(1);
    expect(items[0]?.hopNumber).toBe('HOP#012');
  });

  it('finds members by region, and filters by region', async () => {
    const { caller } = await seededCaller();
    const bySearch = await caller.directory.members({ search: 'puntland', pageSize: 100 });
    expect(bySearch.total).toBe(37);
    expect(new Set(bySearch.items.map((m) => m.region))).toEqual(new Set(['Puntland']));

    const byFilter = await caller.directory.members({ region: 'South West', pageSize: 100 });
    expect(byFilter.total).toBe(69);
    expect(byFilter.items.every((m) => m.region === 'South West')).toBe(true);

    const both = await caller.directory.members({ region: 'Banaadir', search: 'Khadija' });
    expect(both.items.map((m) => m.hopNumber)).toEqual(['HOP#034']);
    expect((await caller.directory.members({ region: 'Puntland', search: 'Khadija' })).total).toBe(0);
  });

  it('matches % and _ literally', async () => {
    const deps = createTestDeps();
    createMember(deps.db, { name: 'Ayaan 100% Ali' });
    createMember(deps.db, { name: 'Ayaan Ali' });
    const { caller } = await callerAs(deps, 'visitor');
    expect((await caller.directory.members({ search: '100%' })).items.map((m) => m.name)).toEqual([
      'Ayaan 100% Ali',
    ]);
    expect((await caller.directory.members({ search: '_' })).total).toBe(0);
  });

  it('pages through all 275 and answers the last page for a page past the end', async () => {
    const { caller } = await seededCaller();
    const last = await caller.directory.members({ page: 12 });
    expect(last.items).toHaveLength(11);
    expect([last.items[0]?.hopNumber, last.items.at(-1)?.hopNumber]).toEqual(['HOP#265', 'HOP#275']);
    const past = await caller.directory.members({ page: 99 });
    expect(past).toMatchObject({ total: 275, page: 12 });
    expect(past.items.map((m) => m.hopNumber)).toEqual(last.items.map((m) => m.hopNumber));
    // Nothing found is page 1 of nothing, not page 99.
    expect(await caller.directory.members({ search: 'no such member', page: 99 })).toMatchObject({
      items: [],
      total: 0,
      page: 1,
    });
    const whole = await caller.directory.members({ pageSize: 100, page: 3 });
    expect(whole.items).toHaveLength(75);
  });

  it('answers an empty list when nothing matches', async () => {
    const { caller } = await seededCaller();
    expect(await caller.directory.members({ search: 'no such member' })).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('refuses bad input with a clear message', async () => {
    const { caller } = await seededCaller();
    const members = caller.directory.members as (input: unknown) => Promise<unknown>;
    await expectBadRequest(members({ region: 'Mars' }), directoryMessages.unknownRegion);
    await expectBadRequest(members({ page: 0 }), directoryMessages.badPage);
    await expectBadRequest(members({ page: 1.5 }), directoryMessages.badPage);
    await expectBadRequest(members({ pageSize: 101 }), directoryMessages.badPageSize);
    await expectBadRequest(members({ pageSize: 0 }), directoryMessages.badPageSize);
    await expectBadRequest(members({ search: 'x'.repeat(101) }), directoryMessages.searchTooLong);
    await expectBadRequest(members({ sort: 'name' }), /“sort”/);
  });

  it('shows null contact details as null and keeps the placeholder flag', async () => {
    const deps = createTestDeps();
    createMember(deps.db, {
      name: 'Hodan Cali',
      email: 'hodan@example.so',
      phone: '+252 61 000 0000',
      birthDate: '1980-05-01',
    });
    createMember(deps.db, { name: 'Member of Parliament 999', isPlaceholder: true });
    const { caller } = await callerAs(deps, 'visitor');
    const { items } = await caller.directory.members();
    expect(items.map((m) => [m.name, m.email, m.birthDate, m.isPlaceholder])).toEqual([
      ['Hodan Cali', 'hodan@example.so', '1980-05-01', false],
      ['Member of Parliament 999', null, null, true],
    ]);
  });
});

describe('directory.senators', () => {
  it.each<Actor>(['visitor', 'user', 'admin'])('lists all 54 to a %s, leadership first', async (actor) => {
    const { caller } = await seededCaller(actor);
    const result = await caller.directory.senators();
    expect(result.total).toBe(54);
    expect(result.senators).toHaveLength(54);
    expect(result.leadership.map((s) => s.role)).toEqual([
      'Chairman',
      'First Deputy Chairman',
      'Second Deputy Chairman',
    ]);
    expect(result.senators.slice(0, 3)).toEqual(result.leadership);
  });

  it('orders seats numerically within a state', async () => {
    const { caller } = await seededCaller();
    const { senators } = await caller.directory.senators({ state: 'Puntland' });
    // The Second Deputy Chairman holds a Puntland seat and comes first, as leadership.
    expect(senators[0]?.role).toBe('Second Deputy Chairman');
    expect(senators.map((s) => s.name).slice(9)).toEqual([
      'Senator, Puntland seat 9',
      'Senator, Puntland seat 10',
    ]);
  });

  it('searches name, title, state and role, and filters by state', async () => {
    const { caller } = await seededCaller();
    expect((await caller.directory.senators({ search: 'timacadde' })).total).toBe(1);
    // Every word, in any order, across name, title, state and role.
    const byWords = await caller.directory.senators({ search: 'deputy second chairman' });
    expect(byWords.leadership.map((s) => s.role)).toEqual(['Second Deputy Chairman']);
    const deputies = await caller.directory.senators({ search: 'deputy' });
    expect(deputies.leadership.map((s) => s.role)).toEqual([
      'First Deputy Chairman',
      'Second Deputy Chairman',
    ]);
    expect((await caller.directory.senators({ search: 'KOONFUR' })).total).toBe(8);
    const upperHouse = await caller.directory.senators({ search: 'of the Upper House' });
    expect(upperHouse.total).toBe(3);

    const jubaland = await caller.directory.senators({ state: 'Jubaland' });
    expect(jubaland).toMatchObject({ total: 8, leadership: [] });
    const leaders = await caller.directory.senators({ state: 'Leadership', search: 'chairman' });
    expect(leaders.total).toBe(3);
    expect((await caller.directory.senators({ state: 'Jubaland', search: 'Chairman' })).total).toBe(0);
  });

  it('counts a senator with a role as leadership whatever the state', async () => {
    const deps = createTestDeps();
    createSenator(deps.db, { name: 'Hodan Cali', state: 'Galmudug', role: 'Whip' });
    createSenator(deps.db, { name: 'Asha Nur', state: 'Galmudug' });
    const { caller } = await callerAs(deps, 'visitor');
    const result = await caller.directory.senators({ state: 'Galmudug' });
    expect(result.leadership.map((s) => s.name)).toEqual(['Hodan Cali']);
    expect(result.senators.map((s) => s.name)).toEqual(['Hodan Cali', 'Asha Nur']);
  });

  it('refuses an unknown state and an overlong search', async () => {
    const { caller } = await seededCaller();
    const senators = caller.directory.senators as (input: unknown) => Promise<unknown>;
    await expectBadRequest(senators({ state: 'Atlantis' }), directoryMessages.unknownSenateState);
    await expectBadRequest(senators({ search: 'x'.repeat(101) }), directoryMessages.searchTooLong);
  });
});

describe('the directories agree with the published seat figures', () => {
  it('lists for every state as many House members and senators as its seats, and the totals', async () => {
    const { caller } = await seededCaller();
    for (const stateId of STATE_IDS) {
      const { members, senators } = await caller.directory.stateRepresentatives({ stateId });
      const { house, senate } = STATE_SEATS[stateId];
      // A figure not published yet (TBD) has nobody listed under it.
      expect(members.length, `${stateId} House`).toBe(house === 'TBD' ? 0 : house);
      expect(senators.length, `${stateId} Senate`).toBe(senate === 'TBD' ? 0 : senate);
    }
    expect(STATE_SEATS.somaliland).toEqual({ house: 46, senate: 11 });
    expect(STATE_SEATS.hirshabelle.senate).toBe(8);
    expect(publishedSeats('house')).toBe(HOUSE_TOTAL);
    expect(publishedSeats('senate')).toBe(SENATE_TOTAL);
    expect((await caller.directory.members()).total).toBe(HOUSE_TOTAL);
    expect((await caller.directory.senators()).total).toBe(SENATE_TOTAL);
  });

  it('moves leaders seeded under the old leadership group to their seat state on a re-run', async () => {
    const { caller, db } = await seededCaller();
    db.update(senators).set({ state: 'Leadership' }).where(isNotNull(senators.role)).run();
    expect((await caller.directory.senators({ state: 'Somaliland' })).total).toBe(10);
    seedReference(db);
    const somaliland = await caller.directory.senators({ state: 'Somaliland' });
    expect(somaliland.total).toBe(11);
    expect(somaliland.leadership.map((s) => s.role)).toEqual(['Chairman']);
    expect((await caller.directory.senators()).total).toBe(54);
  });
});

describe('directory.member', () => {
  it.each(['HOP002', 'HOP#002', 'hop 2', '#2', '2', '002', ' HOP002 '])(
    'finds the member of a seat written %j',
    async (seat) => {
      const { caller } = await seededCaller();
      const member = await caller.directory.member({ seat });
      expect(member).toMatchObject({
        hopNumber: 'HOP#002',
        name: 'Sadia Yasin Haji Samatar',
        region: 'Puntland',
        isPlaceholder: false,
      });
      expect(member.description).toMatch(/First Deputy Speaker/);
      expect(member).toHaveProperty('photoUrl');
    },
  );

  it('answers NOT_FOUND with a sentence for a seat nobody holds', async () => {
    const { caller } = await seededCaller();
    const error = await caller.directory.member({ seat: 'HOP999' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('NOT_FOUND');
    expect(publicMessage(error as TRPCError)).toBe('No member of the House holds seat HOP#999.');
  });

  it('refuses what is not a seat with the sentence that says how one is written', async () => {
    const { caller } = await seededCaller();
    const member = caller.directory.member as (input: unknown) => Promise<unknown>;
    for (const seat of ['', 'HOP', 'HOP-12', 'abc', '12345', 'x'.repeat(13), "1' OR 1=1"]) {
      await expectBadRequest(member({ seat }), directoryMessages.badSeat);
    }
    await expectBadRequest(member({}), directoryMessages.badSeat);
    await expectBadRequest(member({ seat: 2 }), directoryMessages.badSeat);
  });
});

describe('directory.senator', () => {
  it('gives one senator with their seat state and office', async () => {
    const { caller } = await seededCaller();
    const chairman = (await caller.directory.senators({ search: 'Abdi Hashi' })).senators[0];
    const senator = await caller.directory.senator({ id: chairman?.id ?? '' });
    expect(senator).toMatchObject({
      name: 'Abdi Hashi Abdullahi',
      state: 'Somaliland',
      role: 'Chairman',
      title: 'Chairman of the Upper House',
      isPlaceholder: false,
    });
  });

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for what is no id', async () => {
    const { caller } = await seededCaller();
    const missing = await caller.directory
      .senator({ id: '00000000-0000-4000-8000-000000000000' })
      .catch((caught: unknown) => caught);
    expect((missing as TRPCError).code).toBe('NOT_FOUND');
    expect(publicMessage(missing as TRPCError)).toBe(
      'No senator with id 00000000-0000-4000-8000-000000000000.',
    );
    const senator = caller.directory.senator as (input: unknown) => Promise<unknown>;
    await expectBadRequest(senator({ id: 'chairman' }), /./);
  });
});

describe('directory.stateRepresentatives', () => {
  it('gives each state its House members and senators', async () => {
    const { caller } = await seededCaller();
    const puntland = await caller.directory.stateRepresentatives({ stateId: 'puntland' });
    expect(puntland.members).toHaveLength(37);
    expect(puntland.members.every((m) => m.region === 'Puntland')).toBe(true);
    expect(puntland.senators.every((s) => s.state === 'Puntland')).toBe(true);
    // Its 11 seats, the Second Deputy Chairman's among them.
    expect(puntland.senators).toHaveLength(11);
    expect(puntland.senators.filter((s) => s.role !== null).map((s) => s.name)).toEqual([
      'Abdullahi Ali Hirsi (Timacadde)',
    ]);

    const banadir = await caller.directory.stateRepresentatives({ stateId: 'banadir' });
    expect(banadir.members).toHaveLength(5);
    expect(banadir.senators).toEqual([]);

    for (const stateId of STATE_IDS) await caller.directory.stateRepresentatives({ stateId });
  });

  it('refuses an unknown state id', async () => {
    const { caller } = await seededCaller();
    const lookup = caller.directory.stateRepresentatives as (input: unknown) => Promise<unknown>;
    await expectBadRequest(lookup({ stateId: 'atlantis' }), directoryMessages.unknownStateId);
    await expectBadRequest(lookup({}), directoryMessages.unknownStateId);
  });
});

describe('directory over HTTP', () => {
  it('answers a GET query, and 400 with the message for a bad region', async () => {
    const db = createTestDb();
    seedReference(db);
    const { app } = await buildTestApp({ db });
    const input = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }));
    const ok = await app.inject({
      method: 'GET',
      url: `/trpc/directory.members?input=${input({ search: '7' })}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data.json.items[0].hopNumber).toBe('HOP#007');

    const bad = await app.inject({
      method: 'GET',
      url: `/trpc/directory.members?input=${input({ region: 'Mars' })}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.json.message).toBe(directoryMessages.unknownRegion);
  });
});
