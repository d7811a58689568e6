import type { AddressInfo } from 'node:net';
import { pollCandidates, pollVotes, registrationCenters } from '@server/db/schema';
import { USSD_SCREEN_LIMIT } from '@shared/ussd';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createAdmin } from '../../helpers/factories';
import { createPhoneUser, uniquePhone } from '../../helpers/phone';
import { createPoll, insertPollVote } from '../../helpers/poll-factories';
import { gatewayFor, USSD_TEST_KEY } from '../../helpers/ussd';
import { createCenter, enrolledVoter, importedEntry } from '../../helpers/voter-roll-factories';

/** Whole sessions as a phone drives them through a gateway: the menu, the poll, the roll, centres, results. */
describe('USSD sessions over HTTP', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let gateway: ReturnType<typeof gatewayFor>;
  let session = 0;
  const nextSession = () => `ATUid_${process.pid}_${++session}`;

  beforeAll(async () => {
    built = await buildTestApp({ env: { USSD_KEY: USSD_TEST_KEY } });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = built.app.server.address() as AddressInfo;
    gateway = gatewayFor(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    // Every screen any test saw fitted one phone screen.
    expect(gateway.screens.length).toBeGreaterThan(20);
    for (const screen of gateway.screens) expect(screen.length).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
    await built.app.close();
  });

  const votesOf = (pollId: string) =>
    built.db.select().from(pollVotes).where(eq(pollVotes.pollId, pollId)).all();
  const countOf = (candidateId: string) =>
    built.db
      .select({ n: pollCandidates.voteCount })
      .from(pollCandidates)
      .where(eq(pollCandidates.id, candidateId))
      .get()?.n;

  it('opens in Somali, switches to English with 9 and back with 9 again', async () => {
    const phone = uniquePhone();
    const id = nextSession();
    const somali = await gateway.dial(phone, id, '');
    expect(somali).toBe(
      'CON Codka\n1. Codbixinta bishan\n2. Diiwaangelintayda\n3. Halka la iska diiwaangeliyo\n4. Natiijada codbixintii u dambeysay\n9. English',
    );
    const english = await gateway.dial(phone, id, '9');
    expect(english).toBe(
      "CON Codka\n1. This month's poll\n2. My voter registration\n3. Where to register\n4. Latest poll results\n9. Soomaali",
    );
    expect(await gateway.dial(phone, id, '9*9')).toBe(somali);
  });

  it("votes in this month's poll once: candidates, confirmation, the same totals; a second vote is refused", async () => {
    const { poll, candidates } = createPoll(built.db, { eligibility: 'verifiedContact' });
    const phone = uniquePhone();
    const id = nextSession();
    const list = await gateway.dial(phone, id, '9*1');
    expect(list).toBe('CON Choose a candidate:\n1. Candidate 1\n2. Candidate 2\n3. Candidate 3');
    expect(await gateway.dial(phone, id, '9*1*2')).toBe('CON Vote for Candidate 2?\n1. Yes\n2. No');
    expect(await gateway.dial(phone, id, '9*1*2*1')).toBe(
      'END Thank you. Your vote for Candidate 2 was recorded.',
    );
    const [vote] = votesOf(poll.id);
    expect(vote).toMatchObject({ channel: 'ussd', userId: null, candidateId: candidates[1]?.id });
    expect(vote?.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(countOf(candidates[1]?.id ?? '')).toBe(1);

    // Dialled again, in another session: refused before the list, and a replayed confirmation too.
    const again = nextSession();
    expect(await gateway.dial(phone, again, '1')).toBe('END Horay ayaad ugu codeysay codbixinta bishan.');
    expect(await gateway.dial(phone, again, '9*1*1*1')).toBe(
      "END You have already voted in this month's poll.",
    );
    // Declining changes nothing.
    const other = uniquePhone();
    expect(await gateway.dial(other, nextSession(), '9*1*3*2')).toBe('END Your vote was not sent.');
    expect(votesOf(poll.id)).toHaveLength(1);
    built.db.delete(pollVotes).run();
  });

  it('counts an account once across web and USSD, whichever comes first', async () => {
    const { poll, candidates } = createPoll(built.db, {
      eligibility: 'verifiedContact',
      monthYear: '2031-01',
    });
    const deps = createTestDeps(built.db);
    // Web first, then the same account's number on USSD.
    const webFirst = await createPhoneUser(built.db);
    const { caller } = callerFor(deps, { ...webFirst, email: '' });
    await caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' });
    expect(await gateway.dial(webFirst.phone, nextSession(), '9*1')).toBe(
      "END You have already voted in this month's poll.",
    );
    // USSD first, then the web.
    const ussdFirst = await createPhoneUser(built.db);
    expect(await gateway.dial(ussdFirst.phone, nextSession(), '9*1*1*1')).toMatch(/^END Thank you/);
    const web = callerFor(deps, { ...ussdFirst, email: '' }).caller;
    const refused = await web.polls
      .vote({ pollId: poll.id, candidateId: candidates[1]?.id ?? '' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('CONFLICT');
    // A number that voted before it had an account: the account it joins has had its vote.
    const early = uniquePhone();
    expect(await gateway.dial(early, nextSession(), '9*1*3*1')).toMatch(/^END Thank you/);
    const joined = await createPhoneUser(built.db, { phone: early });
    const late = await callerFor(deps, { ...joined, email: '' })
      .caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' })
      .catch((error: unknown) => error);
    expect((late as TRPCError).code).toBe('CONFLICT');

    const rows = votesOf(poll.id);
    expect(rows.map((row) => [row.userId, row.channel]).sort()).toEqual(
      [
        [webFirst.id, 'web'],
        [ussdFirst.id, 'ussd'],
        [null, 'ussd'],
      ].sort(),
    );
    expect(candidates.reduce((sum, candidate) => sum + (countOf(candidate.id) ?? 0), 0)).toBe(3);
    // The admin's view counts them per channel.
    const admin = callerFor(deps, await createAdmin(built.db), undefined, { steppedUp: true }).caller;
    const view = await admin.polls.votes({ pollId: poll.id, limit: 50, offset: 0 });
    expect(view.byChannel).toEqual({ web: 1, ussd: 2 });
    expect(view.total).toBe(3);
    built.db.delete(pollVotes).run();
  });

  it("asks an enrolled-voters poll for the number's enrolled account", async () => {
    createPoll(built.db, { eligibility: 'enrolled', monthYear: '2031-02' });
    const bare = uniquePhone();
    expect(await gateway.dial(bare, nextSession(), '9*1')).toBe(
      "END This poll is for enrolled voters, and this number's account is not enrolled.",
    );
    const citizen = await createPhoneUser(built.db);
    enrolledVoter(built.db, { userId: citizen.id });
    expect(await gateway.dial(citizen.phone, nextSession(), '9*1')).toMatch(/^CON Choose a candidate:/);
  });

  it("tells a number its registration, or a card's by its date of birth", async () => {
    const citizen = await createPhoneUser(built.db);
    const { districtId } = createCenter(built.db, { region: 'Bari' });
    enrolledVoter(built.db, { userId: citizen.id, districtId, status: 'pending' });
    const own = await gateway.dial(citizen.phone, nextSession(), '9*2');
    expect(own).toMatch(/^END Your registration: waiting for review\. Bari, District \d+\.$/);

    const card = importedEntry(built.db, { dateOfBirth: '1990-12-31', region: 'Gedo' }).voterCardNumber;
    const phone = uniquePhone();
    const id = nextSession();
    expect(await gateway.dial(phone, id, '2')).toBe(
      'CON Lambarkan diiwaangelin ma laha. Geli lambarka kaarkaaga codbixinta:',
    );
    expect(await gateway.dial(phone, id, `2*${card}`)).toMatch(/^CON Geli taariikhda dhalashadaada/);
    expect(await gateway.dial(phone, id, `2*${card}*31121990`)).toMatch(
      new RegExp(`^END Kaarka \\*+${card.slice(-4)}: diiwaangashan\\. Gedo, District \\d+\\.$`),
    );
    expect(await gateway.dial(phone, nextSession(), `9*2*${card}*01011990`)).toBe(
      'END No entry on the roll matches that card and date of birth.',
    );
    expect(await gateway.dial(phone, nextSession(), `9*2*${card}*31139990`)).toBe(
      'END That date of birth is not valid. Please dial again.',
    );
  });

  it('lists where to register: region, district, centres with their address', async () => {
    const { centerId } = createCenter(built.db, { region: 'Awdal' });
    built.db
      .update(registrationCenters)
      .set({ name: 'Borama Centre', address: 'Near the main market' })
      .where(eq(registrationCenters.id, centerId))
      .run();
    const phone = uniquePhone();
    const id = nextSession();
    const regions = await gateway.dial(phone, id, '9*3');
    // North to south: Awdal first.
    expect(regions).toMatch(/^CON Choose your region:\n1\. Awdal\n/);
    const districts = await gateway.dial(phone, id, '9*3*1');
    expect(districts).toMatch(/^CON Choose your district:\n1\. District \d+$/);
    expect(await gateway.dial(phone, id, '9*3*1*1')).toBe(
      'END Registration centres:\nBorama Centre: Near the main market',
    );
  });

  it('gives a centre’s phone number as it is dialled, before the address a long line may lose', async () => {
    const { centerId } = createCenter(built.db, { region: 'Sanaag' });
    built.db
      .update(registrationCenters)
      .set({ name: 'Erigavo Centre', address: 'Near the well', phone: '+252615123456' })
      .where(eq(registrationCenters.id, centerId))
      .run();
    const phone = uniquePhone();
    const id = nextSession();
    const regions = await gateway.dial(phone, id, '9*3');
    const at = /\n(\d+)\. Sanaag(\n|$)/.exec(regions)?.[1];
    expect(at).toBeDefined();
    const shown = await gateway.dial(phone, id, `9*3*${at}*1`);
    expect(shown).toBe('END Registration centres:\nErigavo Centre, 0615123456: Near the well');
    expect(shown.length).toBeLessThanOrEqual(160);
  });

  it('names regions and centres in the menu’s language, one spelling per language', async () => {
    const { centerId } = createCenter(built.db, { region: 'Middle Shabelle' });
    built.db
      .update(registrationCenters)
      .set({ name: 'Jowhar Centre', nameSo: 'Xarunta Jowhar', address: null })
      .where(eq(registrationCenters.id, centerId))
      .run();
    const id = nextSession();
    const phone = uniquePhone();
    // Somali first (no 9): the map's Somali name of the region and the centre's Somali name.
    const somali = await gateway.dial(phone, id, '3');
    const at = /\n(\d+)\. Shabeellaha Dhexe(\n|$)/.exec(somali)?.[1];
    expect(somali).not.toContain('Middle Shabelle');
    expect(await gateway.dial(phone, id, `3*${at}*1`)).toMatch(/\nXarunta Jowhar$/);
    const english = nextSession();
    expect(await gateway.dial(phone, english, '9*3')).toContain(`\n${at}. Middle Shabelle`);
    expect(await gateway.dial(phone, english, `9*3*${at}*1`)).toMatch(/\nJowhar Centre$/);
  });

  it("shows the latest closed poll's results, a page at a time", async () => {
    const names = Array.from({ length: 9 }, (_, i) => `Musharax Dheer Magaciisu ${i + 1}`);
    const { poll, candidates } = createPoll(built.db, {
      status: 'closed',
      monthYear: '2030-12',
      candidateNames: names,
      closesAt: new Date(Date.now() - 1000),
      opensAt: new Date(Date.now() - 86_400_000),
    });
    const voters = await Promise.all([0, 1, 2].map(() => createPhoneUser(built.db)));
    voters.forEach((voter, i) => {
      insertPollVote(built.db, {
        pollId: poll.id,
        userId: voter.id,
        candidateId: candidates[i % 2]?.id ?? '',
      });
    });
    const phone = uniquePhone();
    const id = nextSession();
    const first = await gateway.dial(phone, id, '9*4');
    expect(first).toMatch(/^CON Poll 2030-12, 3 votes:\nMusharax Dheer Magaciisu 1 66\.7% \(2\)\n/);
    expect(first).toMatch(/\n0\. More$/);
    let text = '9*4';
    let screen = first;
    const seen = [first];
    while (screen.startsWith('CON')) {
      text += '*0';
      screen = await gateway.dial(phone, id, text);
      seen.push(screen);
    }
    const all = seen.join('\n');
    for (const name of names) expect(all).toContain(name);
    expect(seen.length).toBeGreaterThan(1);
  });
});
