/**
 * The Upper House (Senate) directory: 54 members. The leadership group elected on 26 April 2022 is
 * real (see SOURCES.md); everyone else is a generated placeholder. No personal facts are given for
 * real people beyond their office.
 *
 * Seats per state: Puntland 11, Somaliland 11, the other four states 8 each (54 in all). Each leader
 * holds one of those seats (Chairman: Somaliland; First Deputy: Hirshabelle; Second Deputy: Puntland,
 * as reported at their election), so those states get one placeholder fewer and the total stays 54.
 */
import { SENATE_STATES, type SenateState } from '@shared/regions';

export interface SenatorSeed {
  name: string;
  /** 'Senator' or the leadership title, e.g. 'Chairman of the Upper House'. */
  title: string;
  state: SenateState;
  role: string | null;
  isPlaceholder: boolean;
}

export const SENATE_TOTAL_SEATS = 54;

/** Seats each state holds in the Upper House. */
export const SENATE_SEATS: Readonly<Record<Exclude<SenateState, 'Leadership'>, number>> = {
  Jubaland: 8,
  Galmudug: 8,
  Hirshabeele: 8,
  'Koonfur Galbeed': 8,
  Somaliland: 11,
  Puntland: 11,
};

interface Leader {
  name: string;
  role: string;
  seatState: Exclude<SenateState, 'Leadership'>;
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
    state: 'Leadership',
    role: leader.role,
    isPlaceholder: false,
  }));
  for (const state of SENATE_STATES) {
    if (state === 'Leadership') continue;
    const leaders = LEADERSHIP.filter((leader) => leader.seatState === state).length;
    const count = SENATE_SEATS[state] - leaders;
    for (let n = 1; n <= count; n++) {
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
