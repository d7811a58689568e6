import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voters } from '@server/db/schema';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createDistrict, enrolledVoter, supervisor } from '../helpers/voter-roll-factories';

async function searcher(deps: TestDeps) {
  const user = await supervisor(deps.db);
  return callerFor(deps, user, '192.0.2.40', { steppedUp: true }).caller.supervisor;
}

const names = (page: { entries: { fullName: string }[] }) => page.entries.map((entry) => entry.fullName);

describe('supervisor.searchByName', () => {
  it('finds a name whatever the order of its words, their case and accents, and the last word begun', async () => {
    const deps = createTestDeps();
    const district = createDistrict(deps.db).id;
    for (const fullName of [
      'Samatar, Sadia',
      'Sadia Ali Samatar',
      'SÁDIA SAMATAR',
      'Sadia Warsame',
      'Samatar Cali',
    ])
      enrolledVoter(deps.db, { fullName, districtId: district });
    const search = await searcher(deps);

    const all = ['Samatar, Sadia', 'Sadia Ali Samatar', 'SÁDIA SAMATAR'];
    expect(names(await search.searchByName({ name: 'sadia samatar' }))).toEqual(all);
    expect(names(await search.searchByName({ name: 'Samatar  SADIA' }))).toEqual(all);
    expect(names(await search.searchByName({ name: 'sádia samat' }))).toEqual(all);
    expect(names(await search.searchByName({ name: 'warsame' }))).toEqual(['Sadia Warsame']);
    expect(await search.searchByName({ name: 'nobody here' })).toEqual({ entries: [], nextAfter: null });
  });

  it('keeps to one district and one status when asked, and answers what the card search answers of each', async () => {
    const deps = createTestDeps();
    const north = createDistrict(deps.db, 'Bari').id;
    const south = createDistrict(deps.db, 'Gedo').id;
    enrolledVoter(deps.db, { fullName: 'Hodan Nuur', districtId: north, voterCardNumber: 'NORTH01' });
    enrolledVoter(deps.db, { fullName: 'Hodan Nuur', districtId: south, status: 'suspended' });
    enrolledVoter(deps.db, { fullName: 'Hodan Nuur Aadan', districtId: south, status: 'pending' });
    const search = await searcher(deps);

    const inNorth = await search.searchByName({ name: 'hodan nuur', districtId: north });
    expect(inNorth.entries).toEqual([await search.search({ voterCardNumber: 'NORTH01' })]);
    expect((await search.searchByName({ name: 'hodan', districtId: south })).entries).toHaveLength(2);
    const suspended = await search.searchByName({ name: 'nuur hodan', status: 'suspended' });
    expect(suspended.entries.map((entry) => [entry.status, entry.region])).toEqual([['suspended', 'Gedo']]);
    expect(
      (await search.searchByName({ name: 'hodan', districtId: north, status: 'pending' })).entries,
    ).toEqual([]);
  });

  it('pages 20 at a time in the roll’s order, and stays in step with names changed and entries removed', async () => {
    const deps = createTestDeps();
    const district = createDistrict(deps.db).id;
    const ids = Array.from(
      { length: 25 },
      (_, n) => enrolledVoter(deps.db, { fullName: `Ayaan Yuusuf ${n}`, districtId: district }).id,
    );
    const search = await searcher(deps);

    const first = await search.searchByName({ name: 'ayaan yuusuf' });
    expect(first.entries).toHaveLength(20);
    expect(first.nextAfter).toEqual(expect.any(Number));
    const second = await search.searchByName({ name: 'ayaan yuusuf', after: first.nextAfter ?? 0 });
    expect(names(second)).toEqual(['20', '21', '22', '23', '24'].map((n) => `Ayaan Yuusuf ${n}`));
    expect(second.nextAfter).toBeNull();

    deps.db
      .update(voters)
      .set({ fullName: 'Ilhaan Shire' })
      .where(eq(voters.id, ids[0] ?? ''))
      .run();
    deps.db
      .delete(voters)
      .where(eq(voters.id, ids[1] ?? ''))
      .run();
    expect(names(await search.searchByName({ name: 'ilhaan' }))).toEqual(['Ilhaan Shire']);
    const again = await search.searchByName({ name: 'ayaan' });
    expect(names(again)[0]).toBe('Ayaan Yuusuf 2');
  });

  const backup = join(tmpdir(), `codka-name-search-${process.pid}.db`);
  afterAll(() => rmSync(backup, { force: true }));

  it('finds the same entries in a backup (VACUUM INTO keeps the rows the index points at)', async () => {
    const deps = createTestDeps();
    const district = createDistrict(deps.db).id;
    for (let n = 0; n < 30; n++) enrolledVoter(deps.db, { fullName: `Filler ${n}`, districtId: district });
    enrolledVoter(deps.db, { fullName: 'Deeqa Faarax', districtId: district });
    // Holes in the rowids, which a copy that renumbered rows would close.
    deps.db.delete(voters).where(eq(voters.fullName, 'Filler 3')).run();
    deps.db.$client.prepare('VACUUM INTO ?').run(backup);
    const copy = new Database(backup, { readonly: true });
    const found = copy
      .prepare(
        `SELECT v.full_name FROM voters_name_search s JOIN voters v ON v.rowid = s.rowid
         WHERE voters_name_search MATCH '"faarax" "deeqa"*'`,
      )
      .pluck()
      .all();
    copy.close();
    expect(found).toEqual(['Deeqa Faarax']);
  });

  it('refuses a name it cannot search with a sentence, never a 500', async () => {
    const deps = createTestDeps();
    const search = await searcher(deps);
    const sentence = 'Enter a name: up to 6 words of at least 2 letters each, in any order.';
    for (const name of [
      '',
      '  ,, ',
      'a',
      'sadia s',
      'one two three four five six seven',
      'x'.repeat(101),
      '"*) (^',
    ]) {
      await expectTrpcError(search.searchByName({ name }), 'BAD_REQUEST', sentence);
    }
    // Characters FTS5 would read as its own syntax are split away: only the words are searched.
    expect(await search.searchByName({ name: 'sadia* OR "samatar' })).toEqual({
      entries: [],
      nextAfter: null,
    });
  });

  it('lists the districts for its filter, by region', async () => {
    const deps = createTestDeps();
    createDistrict(deps.db, 'Gedo');
    createDistrict(deps.db, 'Bari');
    const districts = await (await searcher(deps)).districts();
    expect(districts.map((district) => district.region)).toEqual(['Bari', 'Gedo']);
  });
});
