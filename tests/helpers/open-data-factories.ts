import type { Db } from '@server/db/client';
import { registrationCenters } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { createMember, createSenator } from './directory-factories';
import { createElection } from './election-factories';
import { createPoll, createVoters, insertPollVote } from './poll-factories';
import { addAccount, addVote } from './turnout-factories';
import { createCenter } from './voter-roll-factories';

/** Text a spreadsheet would run: each lands in a CSV cell of one dataset or another. */
export const FORMULAS = {
  member: '=HYPERLINK("http://attacker.example","click")',
  senator: '+SUM(1,2)',
  center: '@cmd',
  candidate: '-2+3',
  pollCandidate: '\t=1+1',
};

/**
 * Open data's world: one public election (closed, visible), one hidden (running, hidden until close), one
 * draft, one closed poll, one open poll and one draft poll, with votes; members, a senator and a center whose
 * names are formulas. Every hidden thing's title or name carries HIDDEN so a test can look for it anywhere.
 */
export function openDataWorld(db: Db) {
  createMember(db, { name: FORMULAS.member, imageUrl: '/uploads/members/a.jpg' });
  for (let i = 0; i < 6; i += 1) createMember(db, { name: `Member ${i}` });
  createSenator(db, { name: FORMULAS.senator, state: 'Puntland' });
  createSenator(db, { name: 'Senator Two', state: 'Galmudug', role: 'Chairman' });
  const { centerId } = createCenter(db, { region: 'Banadir' });
  db.update(registrationCenters)
    .set({ name: FORMULAS.center, latitude: 2.04, longitude: -45.3 })
    .where(eq(registrationCenters.id, centerId))
    .run();
  createCenter(db, { region: 'Bari', isActive: false });

  const hour = 3_600_000;
  const publicElection = createElection(db, {
    title: 'Public election',
    status: 'Closed',
    startTime: new Date(Date.now() - 48 * hour),
    endTime: new Date(Date.now() - hour),
    resultsVisible: true,
    hideResultsUntilClose: false,
  });
  db.$client
    .prepare('UPDATE candidates SET name = ? WHERE id = ?')
    .run(FORMULAS.candidate, publicElection.candidates[0]?.id);
  const hiddenElection = createElection(db, {
    title: 'HIDDEN running election',
    hideResultsUntilClose: true,
  });
  const draftElection = createElection(db, {
    title: 'HIDDEN draft election',
    status: 'Draft',
    resultsVisible: true,
  });
  for (const [election, votes] of [
    [publicElection, 3],
    [hiddenElection, 2],
  ] as const) {
    for (let i = 0; i < votes; i += 1) {
      const candidate = election.candidates[i % 2];
      if (candidate) addVote(db, election.election.id, candidate.id, addAccount(db));
    }
  }
  for (const candidate of hiddenElection.candidates.concat(draftElection.candidates)) {
    db.$client
      .prepare('UPDATE candidates SET name = ? WHERE id = ?')
      .run(`HIDDEN ${candidate.id}`, candidate.id);
  }

  const closedPoll = createPoll(db, {
    title: 'Closed poll',
    status: 'closed',
    candidateNames: [FORMULAS.pollCandidate, 'Poll Two'],
  });
  const openPoll = createPoll(db, {
    title: 'HIDDEN open poll',
    candidateNames: ['HIDDEN open A', 'HIDDEN open B'],
  });
  const draftPoll = createPoll(db, {
    title: 'HIDDEN draft poll',
    status: 'draft',
    candidateNames: ['HIDDEN draft A'],
  });
  const [voterA, voterB] = createVoters(db, 2);
  for (const [poll, candidate] of [
    [closedPoll, 0],
    [openPoll, 1],
  ] as const) {
    for (const userId of [voterA, voterB]) {
      const chosen = poll.candidates[candidate];
      if (userId && chosen) insertPollVote(db, { pollId: poll.poll.id, userId, candidateId: chosen.id });
    }
  }
  return {
    publicElection: publicElection.election,
    hiddenElection: hiddenElection.election,
    draftElection: draftElection.election,
    closedPoll: closedPoll.poll,
    openPoll: openPoll.poll,
    draftPoll: draftPoll.poll,
  };
}
