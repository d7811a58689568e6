import { candidates, elections, pollCandidates, polls, registrationCenters } from '@server/db/schema';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { openDataWorld } from '../../helpers/open-data-factories';

/**
 * The open data gives each text staff write in both languages (docs/decisions/021-bilingual-content.md): the plain
 * field as before, `<field>Text` beside it in JSON, and `<column>_so` after the known columns in CSV.
 */
let test: TestApp;
let world: ReturnType<typeof openDataWorld>;
beforeAll(async () => {
  test = await buildTestApp();
  world = openDataWorld(test.db);
  const { db } = test;
  db.update(elections)
    .set({ titleSo: 'Doorasho dadweyne' })
    .where(eq(elections.id, world.publicElection.id))
    .run();
  db.update(candidates)
    .set({ party: 'Unity Party', partySo: 'Xisbiga Midnimada' })
    .where(eq(candidates.electionId, world.publicElection.id))
    .run();
  db.update(polls).set({ title: '', titleSo: '' }).where(eq(polls.id, world.closedPoll.id)).run();
  db.update(pollCandidates)
    .set({ partySo: 'Xisbiga Nabadda' })
    .where(eq(pollCandidates.pollId, world.closedPoll.id))
    .run();
  db.update(registrationCenters)
    .set({ nameSo: 'Xarunta Hodan' })
    .where(eq(registrationCenters.isActive, true))
    .run();
});
afterAll(() => test.app.close());

const json = async (url: string) => (await test.app.inject({ url })).json();
const csv = async (url: string): Promise<Record<string, string>[]> =>
  parse((await test.app.inject({ url })).rawPayload, { bom: true, columns: true });

describe('open data in both languages', () => {
  it('adds titleText, partyText and nameText beside the plain fields', async () => {
    const [election] = (await json('/api/v1/datasets/election-results.json')).items;
    expect(election).toMatchObject({
      title: 'Public election',
      titleText: { en: 'Public election', so: 'Doorasho dadweyne' },
    });
    expect(election.candidates[0].partyText).toEqual({ en: 'Unity Party', so: 'Xisbiga Midnimada' });
    const poll = await json(`/api/v1/polls/${world.closedPoll.id}/results`);
    // An untitled poll's title is written in both languages, never stored or left empty.
    expect(poll.titleText).toEqual({
      en: `Presidential Poll ${poll.month}`,
      so: `Ra'yi ururinta madaxweynaha ${poll.month}`,
    });
    expect(poll.title).toBe(`Presidential Poll ${poll.month}`);
    expect(poll.candidates[0].partyText.so).toBe('Xisbiga Nabadda');
    const [center] = (await json('/api/v1/centers')).items;
    expect(center.nameText.so).toBe('Xarunta Hodan');
  });

  it('adds the Somali columns after the known ones in CSV', async () => {
    const [election] = await csv('/api/v1/datasets/election-results.csv');
    expect(election).toMatchObject({ election: 'Public election', election_so: 'Doorasho dadweyne' });
    expect(election?.party_so).toBe('Xisbiga Midnimada');
    const [poll] = await csv('/api/v1/datasets/poll-results.csv');
    expect(poll?.poll_so).toMatch(/^Ra'yi ururinta madaxweynaha /);
    const [center] = await csv('/api/v1/datasets/registration-centers.csv');
    expect(center?.name_so).toBe('Xarunta Hodan');
  });

  it('names the bilingual text in the OpenAPI document', async () => {
    const document = await json('/api/v1/openapi.json');
    expect(document.components.schemas.BilingualText.properties).toHaveProperty('so');
  });
});
