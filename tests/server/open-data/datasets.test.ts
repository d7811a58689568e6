import { API_ROUTES } from '@server/services/open-data/api';
import { DATASETS } from '@server/services/open-data/datasets';
import { DATASET_FORMATS, DATASET_NAMES } from '@shared/schemas/open-data';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { FORMULAS, openDataWorld } from '../../helpers/open-data-factories';

let test: TestApp;
let world: ReturnType<typeof openDataWorld>;
beforeAll(async () => {
  test = await buildTestApp();
  world = openDataWorld(test.db);
  return () => test.app.close();
});

const download = (name: string) => test.app.inject({ url: `/api/v1/datasets/${name}` });

describe('datasets', () => {
  it('are listed once each, every one in JSON and CSV', () => {
    expect(DATASETS.map((dataset) => dataset.name)).toEqual([...DATASET_NAMES]);
  });

  it.each(DATASET_NAMES)(
    '%s.json validates against its schema, with its licence and last change',
    async (name) => {
      const answer = await download(`${name}.json`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = answer.json();
      const dataset = DATASETS.find((d) => d.name === name);
      expect(dataset?.schema.safeParse(body).error).toBeUndefined();
      expect(body.licence.name).toBe('CC BY 4.0');
      expect(Date.parse(body.lastChanged)).toBeLessThanOrEqual(Date.now());
    },
  );

  it('gives members in the Popolo shape: persons, chambers and memberships with seat, area and role', async () => {
    const body = (await download('parliament.json')).json();
    expect(body.organizations.map((o: { id: string }) => o.id).sort()).toEqual([
      'house-of-the-people',
      'senate',
    ]);
    expect(body.persons).toHaveLength(9);
    const member = body.persons.find((p: { name: string }) => p.name === FORMULAS.member);
    // A photo kept on this site is given with the site's configured address, ready to load from anywhere.
    expect(member.image).toBe(`${test.env.PUBLIC_ORIGIN}/uploads/members/a.jpg`);
    expect(member.sources).toEqual([{ url: test.env.PARLIAMENT_SOURCE_URL }]);
    const membership = body.memberships.find((m: { person_id: string }) => m.person_id === member.id);
    expect(membership).toMatchObject({
      organization_id: 'house-of-the-people',
      role: 'Member',
      area: { name: 'Banaadir', classification: 'region' },
    });
    expect(membership.seat_number).toMatch(/^HOP#\d+$/);
    const chairman = body.memberships.find((m: { role: string }) => m.role === 'Chairman');
    expect(chairman).toMatchObject({ organization_id: 'senate', area: { classification: 'state' } });
    const house = (await download('house-members.json')).json();
    const senate = (await download('senators.json')).json();
    expect(house.persons.length + senate.persons.length).toBe(body.persons.length);
    expect(senate.organizations).toEqual([{ id: 'senate', name: 'Senate', classification: 'chamber' }]);
  });

  it('gives states and regions with the figures the site shows and their sources', async () => {
    const states = (await download('federal-states.json')).json().items;
    expect(states).toHaveLength(8);
    expect(states[0]).toMatchObject({ id: 'banadir', name: 'Banadir', population: 1_650_227, houseSeats: 5 });
    expect(states[0].sources.length).toBeGreaterThan(0);
    const regions = (await download('regions.json')).json().items;
    expect(regions.map((r: { id: string }) => r.id)).toContain('north-west');
  });

  it('gives active registration centers only, with coordinates and district', async () => {
    const centers = (await download('registration-centers.json')).json().items;
    expect(centers).toHaveLength(1);
    expect(centers[0]).toMatchObject({
      name: FORMULAS.center,
      region: 'Banadir',
      latitude: 2.04,
      longitude: -45.3,
    });
    expect(centers[0].district).toEqual(expect.any(String));
  });

  it('gives enrolled voters per region as counts only, all 18 regions', async () => {
    const rows = (await download('enrolled-voters.json')).json().items;
    expect(rows).toHaveLength(18);
    expect(Object.keys(rows[0]).sort()).toEqual(['enrolledVoters', 'region']);
  });

  it('gives public results with votes, share, rank and turnout', async () => {
    const elections = (await download('election-results.json')).json().items;
    expect(elections.map((e: { id: string }) => e.id)).toEqual([world.publicElection.id]);
    const [election] = elections;
    expect(election).toMatchObject({ final: true, totalVotes: 3 });
    expect(election.turnout).toEqual({
      votes: 3,
      eligibleVoters: expect.any(Number),
      percentage: expect.any(Number),
    });
    expect(election.candidates.map((c: { votes: number; rank: number }) => [c.votes, c.rank])).toEqual([
      [2, 1],
      [1, 2],
      [0, 3],
    ]);
    expect(election.candidates[0].share).toBe(66.67);
    const polls = (await download('poll-results.json')).json().items;
    expect(polls.map((p: { id: string }) => p.id)).toEqual([world.closedPoll.id]);
    expect(polls[0].candidates[0]).toMatchObject({
      name: FORMULAS.pollCandidate,
      votes: 2,
      share: 100,
      rank: 1,
    });
  });

  it.each(DATASET_NAMES)(
    '%s.csv is UTF-8 with a byte-order mark, a header line and no formula',
    async (name) => {
      const answer = await download(`${name}.csv`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="codka-${name}.csv"`);
      expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows: string[][] = parse(answer.rawPayload, { bom: true });
      expect(rows.length).toBeGreaterThan(1);
      for (const cell of rows.flat()) {
        // A number such as a longitude (-45.3) is a value; any other cell starting with a formula sign is not safe.
        if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
        expect(cell, `${name}: ${cell}`).not.toMatch(/^\s*[=+\-@\t\r]/);
      }
    },
  );

  it('keeps the formulas as text, behind an apostrophe', async () => {
    const all = await Promise.all(
      ['parliament', 'registration-centers', 'election-results', 'poll-results'].map(
        async (name) => (await download(`${name}.csv`)).body,
      ),
    );
    const cells = all.flatMap((body) => (parse(body, { bom: true }) as string[][]).flat());
    for (const formula of Object.values(FORMULAS)) expect(cells).toContain(`'${formula}`);
  });

  it('never holds a hidden result, a draft or an open poll in any dataset or API answer', async () => {
    const hiddenIds = [world.hiddenElection, world.draftElection, world.openPoll, world.draftPoll].map(
      (x) => x.id,
    );
    const answers: string[] = [];
    for (const name of DATASET_NAMES) {
      for (const format of DATASET_FORMATS) answers.push((await download(`${name}.${format}`)).body);
    }
    for (const route of API_ROUTES.filter((r) => !r.params)) {
      answers.push((await test.app.inject({ url: `${route.path}?limit=500` })).body);
    }
    answers.push(JSON.stringify((await test.app.inject({ url: '/api/v1/openapi.json' })).json()));
    for (const body of answers) {
      expect(body).not.toContain('HIDDEN');
      for (const id of hiddenIds) expect(body).not.toContain(id);
    }
    // Asked by id: a hidden result is "not public yet", a draft does not exist (as on the site).
    const ask = async (path: string) => (await test.app.inject({ url: path })).json().error.errorCode;
    expect(await ask(`/api/v1/elections/${world.hiddenElection.id}/results`)).toBe(
      'openData.resultsNotPublic',
    );
    expect(await ask(`/api/v1/elections/${world.draftElection.id}/results`)).toBe('election.notFound');
    expect(await ask(`/api/v1/polls/${world.openPoll.id}/results`)).toBe('openData.resultsNotPublic');
    expect(await ask(`/api/v1/polls/${world.draftPoll.id}/results`)).toBe('poll.notFound');
  });

  it('refuses a name that is not a dataset: traversal, other extensions, no extension', async () => {
    for (const name of [
      '..%2F..%2Fpackage.json',
      '..%2fparliament.json',
      'parliament.xlsx',
      'parliament',
      '.json',
      'parliament.json.csv',
    ]) {
      const answer = await download(name);
      expect(answer.statusCode, name).toBe(404);
      expect(answer.json().error.errorCode).toBe('openData.unknownDataset');
    }
    expect((await test.app.inject({ url: '/api/v1/datasets/../../package.json' })).statusCode).toBe(404);
  });
});
