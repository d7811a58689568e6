/**
 * The Upper House (Senate) directory: 54 members. The leadership group elected on 26 April 2022 is
 * real (see SOURCES.md); everyone else is a generated placeholder. No personal facts are given for
 * real people beyond their office.
 *
 * Seats per state are shared/content/seats.ts's (the pages show the same numbers). Each leader sits in the
 * state whose seat they hold (Chairman: Somaliland; First Deputy: Hirshabelle; Second Deputy: Puntland, as
 * reported at their election), so a state lists as many senators as it has seats, leaders included.
 */

import { STATE_SEATS } from '@shared/content/seats';
import { STATE_DIRECTORY, STATE_IDS } from '@shared/federal-states';
import type { SenateState } from '@shared/regions';

export interface SenatorSeed {
  name: string;
  /** 'Senator' or the leadership title, e.g. 'Chairman of the Upper House'. */
  title: string;
  state: SenateState;
  role: string | null;
  isPlaceholder: boolean;
}

type SeatState = Exclude<SenateState, 'Leadership'>;

/** Seats each state holds in the Upper House, in the directory's spelling of the state. */
export const SENATE_SEATS: ReadonlyMap<SeatState, number> = new Map(
  STATE_IDS.flatMap((id) => {
    const state = STATE_DIRECTORY[id].senateState;
    const seats = STATE_SEATS[id].senate;
    return state && state !== 'Leadership' && typeof seats === 'number' ? [[state, seats] as const] : [];
  }),
);

interface Leader {
  name: string;
  role: string;
  seatState: SeatState;
}

const LEADERSHIP: readonly Leader[] = [
  { name: 'Abdi Hashi Abdullahi', role: 'Chairman', seatState: 'Somaliland' },
  { name: 'Ali Shaban Ibrahim', role: 'First Deputy Chairman', seatState: 'Hirshabeele' },
  { name: 'Abdullahi Ali Hirsi (Timacadde)', role: 'Second Deputy Chairman', seatState: 'Puntland' },
];

/** All 54 Senate entries: the leadership group first, then placeholders state by state. */
export function senators(): SenatorSeed[] {
  const list: SenatorSeed[] = LEADERSHIP.map((leader) => ({
    name: leader.name,
    title: `${leader.role} of the Upper House`,
    state: leader.seatState,
    role: leader.role,
    isPlaceholder: false,
  }));
  for (const [state, seats] of SENATE_SEATS) {
    const leaders = LEADERSHIP.filter((leader) => leader.seatState === state).length;
    for (let n = 1; n <= seats - leaders; n++) {
      list.push({
        name: `Senator, ${state} seat ${n}`,
        title: 'Senator',
        state,
        role: null,
        isPlaceholder: true,
      });
    }
  }
  return list;
}

/** The leaders as databases seeded before they sat in their seat's state hold them (seed/reference.ts). */
export const LEADER_SEAT_STATES: ReadonlyMap<string, SeatState> = new Map(
  LEADERSHIP.map((leader) => [leader.name, leader.seatState]),
);
