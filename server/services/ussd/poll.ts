import { DomainError } from '../../errors/domain-error';
import { requireEligible } from '../eligibility';
import { currentPoll, hasNumberVoted } from '../polls/poll-views';
import { castPollVote } from '../polls/poll-voting';
import { chooseFrom, con, end, type Menu, type Screen, say, unknownChoice } from './screens';

/** A candidate's name as a screen shows it: long enough to recognise, short enough for "Vote for ...?". */
const NAME_ON_SCREEN = 60;
const shortName = (name: string) =>
  name.length > NAME_ON_SCREEN ? `${name.slice(0, NAME_ON_SCREEN - 1)}…` : name;

const CONFIRM = '1';
const CANCEL = '2';

/** Thrown inside the simulator's transaction so the vote it checked is rolled back. */
class SimulatedVote extends Error {}

/**
 * This month's poll: its candidates, a confirmation, the vote. The poll is the web's current poll and the vote
 * goes through the web's castPollVote: the same window, eligibility rule, totals and one-vote indexes.
 */
export function pollScreens(menu: Menu, choices: string[]): Screen {
  const { db } = menu.deps;
  const account = menu.caller.account;
  const viewer = { userId: account?.id ?? null, isAdmin: false, seesAllResults: false };
  const current = currentPoll(db, viewer, menu.now);
  // Past the first screen, a poll that is gone closed while the citizen was choosing.
  if (!current) return end(say(menu, choices.length === 0 ? 'ussd.poll.none' : 'ussd.poll.closed'));
  if (current.userHasVoted || hasNumberVoted(db, current.poll.id, menu.caller.phoneHash)) {
    return end(say(menu, 'ussd.poll.alreadyVoted'));
  }
  try {
    // Asked before the list, so nobody picks a candidate only to be refused.
    const rule = { eligibility: current.poll.eligibility, eligibleRegions: null };
    requireEligible(db, viewer.userId, rule, 'poll', { carrierNumber: true });
  } catch (error) {
    return refusal(menu, error);
  }
  const names = current.candidates.map((candidate) => shortName(candidate.name));
  const picked = chooseFrom(menu, say(menu, 'ussd.poll.choose'), names, choices);
  if ('screen' in picked) return picked.screen;
  const candidate = current.candidates[picked.index];
  const name = names[picked.index] ?? '';
  const [answer, ...extra] = picked.rest;
  if (!candidate) return unknownChoice(menu);
  if (answer === undefined) return con(say(menu, 'ussd.poll.confirm', { name }));
  if (extra.length > 0 || (answer !== CONFIRM && answer !== CANCEL)) return unknownChoice(menu);
  if (answer === CANCEL) return end(say(menu, 'ussd.poll.cancelled'));

  const voter = { channel: 'ussd', userId: viewer.userId, phone: menu.caller.phone, ip: menu.ip } as const;
  const vote = { pollId: current.poll.id, candidateId: candidate.id };
  try {
    if (menu.simulated) {
      db.transaction(() => {
        castPollVote(db, voter, vote, menu.now);
        throw new SimulatedVote();
      });
    } else {
      castPollVote(db, voter, vote, menu.now);
    }
  } catch (error) {
    if (!(error instanceof SimulatedVote)) return refusal(menu, error);
    return end(say(menu, 'ussd.poll.simulated', { name }));
  }
  menu.onVote();
  return end(say(menu, 'ussd.poll.recorded', { name }));
}

/** A vote's refusal as one short screen; anything else is no refusal and goes up to be logged. */
function refusal(menu: Menu, error: unknown): Screen {
  if (!(error instanceof DomainError)) throw error;
  if (error.code === 'poll.alreadyVoted') return end(say(menu, 'ussd.poll.alreadyVoted'));
  if (error.code.startsWith('poll.')) return end(say(menu, 'ussd.poll.closed'));
  // The carrier's number is a confirmed contact, so only the enrolled rule refuses a phone.
  if (error.code.startsWith('eligibility.')) return end(say(menu, 'ussd.poll.enrolledOnly'));
  throw error;
}
