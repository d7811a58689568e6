import { candidates, elections, polls, registrationCenters } from '@server/db/schema';
import { fixElectionRecord, storedRecordDocument } from '@server/services/election-record/record';
import { monthKey } from '@shared/months';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError, unlockedAdmin } from '../helpers/admin';
import { adminCaller, openWindow } from '../helpers/admin-elections';
import { callerAs, callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { votedElection } from '../helpers/election-record';
import { pendingEntry, registrarWithCenter, supervisor } from '../helpers/voter-roll-factories';

/**
 * Texts staff write in both languages (docs/decisions/021-bilingual-content.md): the admin procedures take the
 * Somali beside the English, need a required text in one language at least, and every answer gives both as
 * `xText` beside the plain `x` it always had.
 */

async function bilingualElection(deps: TestDeps, fields: Record<string, unknown> = {}) {
  const { caller } = await adminCaller(deps);
  const { id } = await caller.admin.elections.create({
    title: 'Regional Assembly',
    titleSo: 'Golaha Gobolka',
    description: 'Choose the assembly.',
    descriptionSo: 'Dooro golaha.',
    ...openWindow(),
    status: 'Closed',
    resultsVisible: true,
    hideResultsUntilClose: false,
    candidates: [
      {
        name: 'Amina Warsame',
        party: 'Unity Party',
        partySo: 'Xisbiga Midnimada',
        positionSought: 'Chair',
        positionSoughtSo: 'Guddoomiye',
      },
      { name: 'Bashir Ali', party: 'Green Party' },
    ],
    ...fields,
  });
  return { id, caller };
}

describe('admin.elections with both languages', () => {
  it('stores the Somali beside the English and gives both to every reader', async () => {
    const deps = createTestDeps();
    const { id } = await bilingualElection(deps);
    expect(deps.db.select().from(elections).where(eq(elections.id, id)).get()).toMatchObject({
      title: 'Regional Assembly',
      titleSo: 'Golaha Gobolka',
      descriptionSo: 'Dooro golaha.',
    });
    const { caller } = await callerAs(deps, 'visitor');
    const election = await caller.elections.byId({ id });
    expect(election).toMatchObject({
      title: 'Regional Assembly',
      titleText: { en: 'Regional Assembly', so: 'Golaha Gobolka' },
      description: 'Choose the assembly.',
      descriptionText: { en: 'Choose the assembly.', so: 'Dooro golaha.' },
    });
    expect(election).not.toHaveProperty('titleSo');
    expect(election.candidates[0]).toMatchObject({
      name: 'Amina Warsame',
      partyText: { en: 'Unity Party', so: 'Xisbiga Midnimada' },
      positionSoughtText: { en: 'Chair', so: 'Guddoomiye' },
    });
    // A language left out is missing, not an empty text: the page shows the other one, marked.
    expect(election.candidates[1]).toMatchObject({ partyText: { en: 'Green Party', so: null } });
    const results = await caller.elections.results({ id });
    expect(results.election.titleText).toEqual({ en: 'Regional Assembly', so: 'Golaha Gobolka' });
    expect(results.results?.rows.map((row) => row.partyText)).toContainEqual({
      en: 'Unity Party',
      so: 'Xisbiga Midnimada',
    });
    const verified = await caller.elections.verified();
    expect(verified.find((row) => row.id === id)?.titleText).toEqual({
      en: 'Regional Assembly',
      so: 'Golaha Gobolka',
    });
  });

  it('takes a title in Somali alone, and refuses one missing in both languages', async () => {
    const deps = createTestDeps();
    const { id, caller } = await bilingualElection(deps, { title: '', titleSo: 'Doorashada Gobolka' });
    const admin = await caller.admin.elections.byId({ id });
    // The plain title is the Somali one when there is no English: never an empty title.
    expect(admin).toMatchObject({
      title: 'Doorashada Gobolka',
      titleText: { en: null, so: 'Doorashada Gobolka' },
    });
    await expectTrpcError(
      caller.admin.elections.create({
        title: ' ',
        titleSo: '',
        ...openWindow(),
        candidates: [{ name: 'A' }],
      }),
      'BAD_REQUEST',
      'Title is required',
    );
    await expectTrpcError(
      caller.admin.elections.update({ id, title: '', ...openWindow() }),
      'BAD_REQUEST',
      'Title is required',
    );
  });

  it('keeps the Somali through an edit and an added candidate', async () => {
    const deps = createTestDeps();
    const { id, caller } = await bilingualElection(deps, { status: 'Draft' });
    await caller.admin.elections.update({
      id,
      title: 'Regional Assembly 2027',
      titleSo: 'Golaha Gobolka 2027',
      ...openWindow(),
      status: 'Draft',
    });
    await caller.admin.candidates.create({
      electionId: id,
      name: 'Cawo Nuur',
      bio: 'Teacher.',
      bioSo: 'Macallimad.',
      imageAlt: 'Cawo smiling',
      imageAltSo: 'Cawo oo dhoolacadeynaysa',
    });
    const [election] = (await caller.admin.elections.list()).filter((row) => row.id === id);
    expect(election?.titleText).toEqual({ en: 'Regional Assembly 2027', so: 'Golaha Gobolka 2027' });
    const candidate = (await caller.admin.candidates.list()).find((row) => row.name === 'Cawo Nuur');
    expect(candidate).toMatchObject({
      bioText: { en: 'Teacher.', so: 'Macallimad.' },
      imageAltText: { en: 'Cawo smiling', so: 'Cawo oo dhoolacadeynaysa' },
      electionTitleText: { en: 'Regional Assembly 2027', so: 'Golaha Gobolka 2027' },
    });
  });
});

describe('polls with both languages', () => {
  it('writes an untitled poll’s title in both languages when read, and stores no generated text', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const month = monthKey(new Date());
    const created = await caller.polls.create({});
    expect(created).toMatchObject({
      title: `Presidential Poll ${month}`,
      titleText: { en: `Presidential Poll ${month}`, so: `Ra'yi ururinta madaxweynaha ${month}` },
    });
    expect(deps.db.select().from(polls).where(eq(polls.id, created.id)).get()).toMatchObject({
      title: '',
      titleSo: '',
    });
    const [listed] = await caller.polls.list();
    expect(listed?.titleText.so).toBe(`Ra'yi ururinta madaxweynaha ${month}`);
  });

  it('keeps a title given in one language, and a candidate’s party in both', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const poll = await caller.polls.create({ titleSo: 'Ra’yiga bisha', electionType: 'senate' });
    expect(poll.titleText).toEqual({ en: null, so: 'Ra’yiga bisha' });
    await caller.polls.addCandidate({
      pollId: poll.id,
      name: 'Xasan Cali',
      party: 'Peace Party',
      partySo: 'Xisbiga Nabadda',
    });
    const view = await caller.polls.byId({ id: poll.id });
    expect(view.poll).toMatchObject({ title: 'Ra’yiga bisha', titleText: { en: null, so: 'Ra’yiga bisha' } });
    expect(view.candidates[0]?.partyText).toEqual({ en: 'Peace Party', so: 'Xisbiga Nabadda' });
  });
});

describe('admin.centers with both languages', () => {
  it('takes the name in either language, lists both, and refuses a name in neither', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    await caller.admin.centers.create({ name: 'Hodan Center', nameSo: 'Xarunta Hodan', code: 'RC-1' });
    await caller.admin.centers.create({ name: '', nameSo: 'Xarunta Wadajir', code: 'RC-2' });
    expect(deps.db.select().from(registrationCenters).all()).toHaveLength(2);
    const list = await caller.admin.centers.list();
    expect(list.map((center) => [center.name, center.nameText])).toEqual([
      ['Hodan Center', { en: 'Hodan Center', so: 'Xarunta Hodan' }],
      ['Xarunta Wadajir', { en: null, so: 'Xarunta Wadajir' }],
    ]);
    await expectTrpcError(
      caller.admin.centers.create({ name: '', nameSo: '  ', code: 'RC-3' }),
      'BAD_REQUEST',
      'Center name is required',
    );
  });
});

describe('the staff console reads centre names in both languages', () => {
  it('gives the registrar’s centres, their entries and the supervisor’s views the name as nameText', async () => {
    const deps = createTestDeps();
    const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
    deps.db
      .update(registrationCenters)
      .set({ name: '', nameSo: 'Xarunta Hodan' })
      .where(eq(registrationCenters.id, desk.centerId))
      .run();
    const entry = pendingEntry(deps.db, {
      districtId: desk.districtId,
      centerId: desk.centerId,
      enteredBy: desk.user.id,
      fullName: 'Hodan Nuur',
      voterCardNumber: 'SO-4100-0001',
    });
    const registrar = callerFor(deps, desk.user, undefined, { steppedUp: true }).caller;
    const nameText = { en: null, so: 'Xarunta Hodan' };
    // A name written in Somali alone is the plain name too: never an empty line on an English page.
    expect(await registrar.registrar.centers()).toMatchObject([{ name: 'Xarunta Hodan', nameText }]);
    expect(await registrar.registrar.mine()).toMatchObject([
      { centerName: 'Xarunta Hodan', centerNameText: nameText },
    ]);

    const review = callerFor(deps, await supervisor(deps.db), undefined, { steppedUp: true }).caller;
    const pending = await review.supervisor.pending();
    expect(pending.entries).toMatchObject([{ id: entry.id, centerNameText: nameText }]);
    expect(pending.entries[0]).not.toHaveProperty('centerNameSo');
    expect(await review.supervisor.search({ voterCardNumber: 'SO-4100-0001' })).toMatchObject({
      centerNameText: nameText,
    });
    expect((await review.supervisor.searchByName({ name: 'hodan' })).entries).toMatchObject([
      { centerNameText: nameText },
    ]);
    expect((await review.supervisor.stats()).centers).toMatchObject([
      { id: desk.centerId, name: 'Xarunta Hodan', nameText },
    ]);
  });
});

describe('texts the server writes about a staff text', () => {
  it('names an untitled poll awaiting its second admin in both languages', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const poll = await caller.polls.create({});
    await caller.polls.addCandidate({ pollId: poll.id, name: 'Xasan Cali' });
    await caller.polls.publish({ id: poll.id });
    const [waiting] = await caller.admin.approvals.pending();
    // The stored title is empty; the request names the poll by the title written for it.
    expect(waiting?.summary).toMatchObject({ title: poll.title, titleText: poll.titleText });
    expect(poll.titleText.so).toMatch(/^Ra'yi ururinta/);
  });

  it('records a title and a party written in Somali alone in the sealed record, in its one field', async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = await votedElection(deps, { cast: 1 });
    deps.db
      .update(elections)
      .set({ title: '', titleSo: 'Doorashada Golaha', status: 'Closed' })
      .where(eq(elections.id, election.id))
      .run();
    deps.db
      .update(candidates)
      .set({ party: null, partySo: 'Xisbiga Nabadda' })
      .where(eq(candidates.id, ballot[0]?.id ?? ''))
      .run();
    expect(await fixElectionRecord(deps.db, election.id)).toBe(true);
    const record = JSON.parse(storedRecordDocument(deps.db, election.id));
    expect(record.format).toBe('codka-election-record/1');
    expect(record.election).toEqual({ id: election.id, title: 'Doorashada Golaha' });
    expect(record.candidates[0]).toMatchObject({ party: 'Xisbiga Nabadda' });
    expect(record.candidates[0]).not.toHaveProperty('partySo');
  });
});
