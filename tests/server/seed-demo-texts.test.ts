import * as schema from '@server/db/schema';
import { regionsOfState } from '@shared/region-states';
import { DISTRICT_REGIONS } from '@shared/regions';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CITIZEN } from '../../seed/demo-accounts';
import { seedDemo } from '../../seed/seed';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';

const DAY = 86_400_000;

/** Every `xText` of an answer whose Somali is missing: what a Somali page shows with the "(Ingiriisi)" marker. */
function missingSomali(answer: unknown, path = ''): string[] {
  if (Array.isArray(answer)) return answer.flatMap((item, index) => missingSomali(item, `${path}[${index}]`));
  if (answer === null || typeof answer !== 'object' || answer instanceof Date) return [];
  return Object.entries(answer).flatMap(([key, value]) => {
    const text = value as { en?: unknown; so?: unknown } | null;
    if (key.endsWith('Text') && text && typeof text === 'object' && 'so' in text && 'en' in text) {
      return text.so === null && text.en !== null ? [`${path}.${key}: ${String(text.en)}`] : [];
    }
    return missingSomali(value, `${path}.${key}`);
  });
}

async function citizenCaller(deps: TestDeps) {
  const citizen = deps.db.select().from(schema.users).where(eq(schema.users.email, DEMO_CITIZEN.email)).get();
  if (!citizen) throw new Error('no demo citizen');
  return callerFor(deps, { id: citizen.id, email: citizen.email ?? '', password: '', fullName: '' }).caller;
}

describe('demo seed: both languages', () => {
  it('gives every text a visitor or citizen reads its Somali: no answer carries a text in English only', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const visitor = callerFor(deps, null).caller;
    const citizen = await citizenCaller(deps);
    const answers: Record<string, unknown> = {
      hub: await citizen.elections.hub(),
      active: await citizen.elections.active(),
      verified: await visitor.elections.verified(),
      currentPoll: await visitor.polls.current(),
      pollHistory: await visitor.polls.history(),
      centers: await visitor.directory.mapSettings(),
    };
    const visible = deps.db
      .select({ id: schema.elections.id })
      .from(schema.elections)
      .where(inArray(schema.elections.status, ['Active', 'Closed', 'Archived']))
      .all();
    // The standard ones and the two verifiable ones (one counted by its trustees).
    expect(visible.length).toBe(6);
    for (const { id } of visible) {
      answers[`election ${id}`] = await visitor.elections.byId({ id });
      answers[`results ${id}`] = await visitor.elections.results({ id });
    }
    for (const poll of deps.db.select({ id: schema.polls.id }).from(schema.polls).all()) {
      answers[`poll ${poll.id}`] = await visitor.polls.byId({ id: poll.id });
    }
    const missing = Object.entries(answers).flatMap(([name, answer]) => missingSomali(answer, name));
    expect(missing).toEqual([]);
    // And the walk above did read texts: the ballot's parties and biographies among them.
    const ballot = answers[`election ${visible[0]?.id}`] as {
      candidates: { partyText: unknown; bioText: unknown }[];
    };
    expect(ballot.candidates[0]?.partyText).toMatchObject({ en: expect.any(String), so: expect.any(String) });
  });

  it('writes every demo row’s texts in Somali, the draft’s and the inactive centre’s too', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db, new Date('2026-11-29T09:00:00Z'));
    const { elections, candidates, polls, pollCandidates, registrationCenters } = schema;
    const total = (table: typeof elections | typeof candidates | typeof pollCandidates) =>
      deps.db.select({ n: count() }).from(table).get()?.n;
    expect(deps.db.select().from(elections).where(eq(elections.titleSo, '')).all()).toEqual([]);
    expect(
      deps.db.select({ n: count() }).from(elections).where(isNotNull(elections.descriptionSo)).get()?.n,
    ).toBe(total(elections));
    const translated = and(
      isNotNull(candidates.partySo),
      isNotNull(candidates.positionSoughtSo),
      isNotNull(candidates.bioSo),
    );
    expect(deps.db.select({ n: count() }).from(candidates).where(translated).get()?.n).toBe(
      total(candidates),
    );
    expect(
      deps.db.select({ n: count() }).from(pollCandidates).where(isNotNull(pollCandidates.partySo)).get()?.n,
    ).toBe(total(pollCandidates));
    expect(
      deps.db.select().from(registrationCenters).where(eq(registrationCenters.nameSo, '')).all(),
    ).toEqual([]);
    // The month in each language's own words (the site's calendar names).
    const titles = deps.db.select({ en: polls.title, so: polls.titleSo }).from(polls).all();
    expect(titles).toEqual(
      expect.arrayContaining([
        {
          en: 'Presidential Opinion Poll – November 2026',
          so: "Ra'yi ururinta madaxweynaha – Noofeembar 2026",
        },
        { en: 'Presidential Opinion Poll – October 2026', so: "Ra'yi ururinta madaxweynaha – Oktoobar 2026" },
      ]),
    );
  });

  it('gives a demo seeded before its Somali texts existed the missing ones, and keeps what staff wrote', async () => {
    const deps = createTestDeps();
    const now = new Date();
    await seedDemo(deps.db, now);
    const { elections, candidates, polls, pollCandidates, registrationCenters } = schema;
    // As an older seed left it, but for one Somali title a member of staff has written since.
    deps.db.update(elections).set({ titleSo: '', descriptionSo: null }).run();
    deps.db.update(candidates).set({ partySo: null, positionSoughtSo: null, bioSo: null }).run();
    deps.db.update(polls).set({ titleSo: '' }).run();
    deps.db.update(pollCandidates).set({ partySo: null }).run();
    deps.db.update(registrationCenters).set({ nameSo: '' }).run();
    const edited = deps.db.select().from(elections).where(eq(elections.status, 'Closed')).get();
    deps.db
      .update(elections)
      .set({ titleSo: 'Magac shaqaaluhu qoreen' })
      .where(eq(elections.id, edited?.id ?? ''))
      .run();
    const before = deps.db.select({ n: count() }).from(elections).get()?.n;

    await seedDemo(deps.db, now);
    expect(deps.db.select({ n: count() }).from(elections).get()?.n).toBe(before);
    expect(deps.db.select().from(elections).where(eq(elections.titleSo, '')).all()).toEqual([]);
    expect(
      deps.db
        .select()
        .from(elections)
        .where(eq(elections.id, edited?.id ?? ''))
        .get()?.titleSo,
    ).toBe('Magac shaqaaluhu qoreen');
    const visitor = callerFor(deps, null).caller;
    expect(missingSomali(await visitor.elections.verified())).toEqual([]);
    expect(missingSomali(await visitor.polls.history())).toEqual([]);
    expect(missingSomali(await visitor.directory.mapSettings())).toEqual([]);
  });
});

describe('demo seed: dates that read true on any day', () => {
  it.each(['2026-11-29T09:00:00Z', '2031-03-10T12:00:00Z', '2027-01-01T00:30:00Z'])(
    'seeded on %s, every year a title names is the year its election starts in',
    async (iso) => {
      const deps = createTestDeps();
      const now = new Date(iso);
      await seedDemo(deps.db, now);
      const rows = deps.db.select().from(schema.elections).all();
      expect(rows.length).toBe(7);
      for (const election of rows) {
        // The start's year in Somalia (UTC+3).
        const started = String(new Date(election.startTime.getTime() + 3 * 3_600_000).getUTCFullYear());
        for (const title of [election.title, election.titleSo]) {
          for (const year of title.match(/\b(19|20)\d{2}\b/g) ?? []) expect(year, title).toBe(started);
        }
        // Closed and archived elections ended before the day of the seed, the draft starts after it.
        if (election.status === 'Closed' || election.status === 'Archived') {
          expect(election.endTime.getTime()).toBeLessThan(now.getTime());
        }
        if (election.status === 'Draft') expect(election.startTime.getTime()).toBeGreaterThan(now.getTime());
        if (election.status === 'Active') {
          expect(election.startTime.getTime()).toBeLessThan(now.getTime());
          expect(election.endTime.getTime()).toBeGreaterThan(now.getTime());
        }
      }
      const pilot = rows.find((election) => election.status === 'Archived');
      expect(pilot?.startTime.getTime()).toBe(now.getTime() - 200 * DAY);
    },
  );
});

describe('demo seed: the by-election is its state’s', () => {
  it('lets only Hirshabelle’s voters vote in it, and counts its turnout against their number', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const hirshabelle = regionsOfState('hirshabelle');
    expect(hirshabelle).toEqual(['Hiraan', 'Middle Shabelle']);
    const byElection = deps.db
      .select()
      .from(schema.elections)
      .where(eq(schema.elections.status, 'Closed'))
      .get();
    expect(byElection?.title).toBe('Hirshabelle State Assembly By-election');
    expect(JSON.parse(byElection?.eligibleRegions ?? 'null')).toEqual(hirshabelle);
    const cast = deps.db
      .select({ region: schema.districts.region, status: schema.voters.status })
      .from(schema.votes)
      .innerJoin(schema.voters, eq(schema.voters.userId, schema.votes.userId))
      .innerJoin(schema.districts, eq(schema.districts.id, schema.voters.districtId))
      .where(eq(schema.votes.electionId, byElection?.id ?? ''))
      .all();
    expect(cast.length).toBe(20);
    for (const vote of cast) {
      expect(hirshabelle).toContain(vote.region);
      expect(vote.status).toBe('enrolled');
    }

    const visitor = callerFor(deps, null).caller;
    const counts = await visitor.enrollment.countsByRegion();
    const inState = counts.regions
      .filter((row) => (hirshabelle as string[]).includes(row.region))
      .reduce((sum, row) => sum + row.enrolledVoters, 0);
    expect(inState).toBeLessThan(counts.total);
    const answer = await visitor.elections.results({ id: byElection?.id ?? '' });
    expect(answer.turnout).toMatchObject({ votes: 20, eligibleVoters: inState });
    expect(answer.turnout?.percentage).toBeGreaterThan(20);
    expect(answer.turnout?.percentage).toBeLessThan(100);
  });
});

describe('demo seed: registration centres', () => {
  it('has an active centre in each of the 18 regions, and one inactive centre for the staff console', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const rows = deps.db
      .select({ region: schema.districts.region, isActive: schema.registrationCenters.isActive })
      .from(schema.registrationCenters)
      .innerJoin(schema.districts, eq(schema.districts.id, schema.registrationCenters.districtId))
      .all();
    const active = new Set(rows.filter((row) => row.isActive).map((row) => row.region));
    expect([...active].sort()).toEqual([...DISTRICT_REGIONS].sort());
    expect(rows.filter((row) => !row.isActive).length).toBe(1);
    // What the public map lists: every active centre, each placed and named in both languages.
    const { centers } = await callerFor(deps, null).caller.directory.mapSettings();
    expect(centers.length).toBe(rows.length - 1);
    for (const center of centers) {
      expect(center.latitude, center.name).not.toBeNull();
      expect(center.nameText.so, center.name).toMatch(/^Xarunta Diiwaangelinta Degmada /);
    }
  });
});
