import { STATE_IDS, type StateId } from '../federal-states';
import type { RegionSlug } from './regions';
import { type SeatCount, STATE_SEATS } from './seats';

/**
 * The badge on a state card and profile (its words are in the client's `content` namespace, status.*).
 * Somaliland's is "self-declared independent" because Israel recognised it in December 2025.
 */
export type StateStatusType = 'memberState' | 'capitalRegion' | 'selfDeclared' | 'newlyFormed';

/**
 * A /federal-states card (docs/product.md#federal-member-states) plus what the /states/{id} profile shows: the facts
 * that are the same in every language. The entity's words (name, status, description, capital, regions, demographics
 * and the notes below) are in the client's locale files, namespace `regions`, under `state.<id>`.
 */
export interface StateProfile {
  id: StateId;
  /** The 2014 UNFPA estimate where one covers the entity; null shows TBD. */
  population: number | null;
  statusType: StateStatusType;
  houseSeats: SeatCount;
  senateSeats: SeatCount;
  /** Year the current entity was formed or declared; null where it does not apply. */
  formed: number | null;
  /** Said next to the seat counts where they need a qualification (regions:seatsNote.<id>). */
  hasSeatsNote: boolean;
  /** Where a region is shared with another entity or contested (regions:sharedRegionsNote.<id>). */
  hasSharedRegionsNote: boolean;
  regionSlug: RegionSlug;
}

export const STATES: Readonly<Record<StateId, StateProfile>> = {
  banadir: {
    id: 'banadir',
    population: 1_650_227,
    statusType: 'capitalRegion',
    houseSeats: STATE_SEATS.banadir.house,
    senateSeats: STATE_SEATS.banadir.senate,
    formed: null,
    hasSeatsNote: true,
    hasSharedRegionsNote: false,
    regionSlug: 'banadir',
  },
  hirshabelle: {
    id: 'hirshabelle',
    population: null,
    statusType: 'memberState',
    houseSeats: STATE_SEATS.hirshabelle.house,
    senateSeats: STATE_SEATS.hirshabelle.senate,
    formed: 2016,
    hasSeatsNote: false,
    hasSharedRegionsNote: false,
    regionSlug: 'hirshabelle',
  },
  galmudug: {
    id: 'galmudug',
    population: null,
    statusType: 'memberState',
    houseSeats: STATE_SEATS.galmudug.house,
    senateSeats: STATE_SEATS.galmudug.senate,
    formed: 2015,
    hasSeatsNote: false,
    hasSharedRegionsNote: true,
    regionSlug: 'galmudug',
  },
  puntland: {
    id: 'puntland',
    population: null,
    statusType: 'memberState',
    houseSeats: STATE_SEATS.puntland.house,
    senateSeats: STATE_SEATS.puntland.senate,
    formed: 1998,
    hasSeatsNote: false,
    hasSharedRegionsNote: true,
    regionSlug: 'puntland',
  },
  northeastern: {
    id: 'northeastern',
    population: null,
    statusType: 'newlyFormed',
    houseSeats: STATE_SEATS.northeastern.house,
    senateSeats: STATE_SEATS.northeastern.senate,
    formed: 2025,
    hasSeatsNote: true,
    hasSharedRegionsNote: true,
    regionSlug: 'north-east',
  },
  somaliland: {
    id: 'somaliland',
    population: null,
    statusType: 'selfDeclared',
    houseSeats: STATE_SEATS.somaliland.house,
    senateSeats: STATE_SEATS.somaliland.senate,
    formed: 1991,
    hasSeatsNote: true,
    hasSharedRegionsNote: true,
    regionSlug: 'north-west',
  },
  jubaland: {
    id: 'jubaland',
    population: null,
    statusType: 'memberState',
    houseSeats: STATE_SEATS.jubaland.house,
    senateSeats: STATE_SEATS.jubaland.senate,
    formed: 2013,
    hasSeatsNote: false,
    hasSharedRegionsNote: false,
    regionSlug: 'jubbaland',
  },
  southwest: {
    id: 'southwest',
    population: null,
    statusType: 'memberState',
    houseSeats: STATE_SEATS.southwest.house,
    senateSeats: STATE_SEATS.southwest.senate,
    formed: 2014,
    hasSeatsNote: false,
    hasSharedRegionsNote: false,
    regionSlug: 'south-west',
  },
};

/** The 8 entities in the order of /federal-states. */
export const STATE_LIST: readonly StateProfile[] = STATE_IDS.map((id) => STATES[id]);

export function isStateId(value: string): value is StateId {
  return (STATE_IDS as readonly string[]).includes(value);
}
