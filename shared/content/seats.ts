import { STATE_IDS, type StateId } from '../federal-states';
import { DISTRICT_REGIONS } from '../regions';

/**
 * The parliament's and the country's figures, each kept once with the sources that give it
 * (docs/product.md#federal-states-and-seats). Every page that shows one reads it from here, and the seed fills
 * the directories from the same numbers, so a state's seat count and the senators listed for it cannot differ.
 */

/** A cited source: its title stays in the language it was published in. */
export interface FigureSource {
  label: string;
  url: string;
}

/** A seat count, or TBD where no figure has been published (shown as unknown, never as 0). */
export type SeatCount = number | 'TBD';

const IPU_UPPER_HOUSE: FigureSource = {
  label: 'Inter-Parliamentary Union (IPU Parline): Somalia, Upper House',
  url: 'https://data.ipu.org/node/158/basic-information?chamber_id=13572',
};
const SENATE_ALLOCATION: FigureSource = {
  label: 'Goobjoog News: Banaadir will get equal seats in Upper House as other federal states (2016)',
  url: 'https://en.goobjoog.com/banaadir-will-get-equal-seats-in-upper-house-as-other-federal-states-parliamentary-committee',
};
const ELECTIONS_2021_2022: FigureSource = {
  label:
    'Radio Muqdisho (SONNA): Hirshabelle State electoral team sets time-table for the election of 11 seats (2022)',
  url: 'https://radiomuqdisho.so/hirshabelle-state-electoral-team-sets-time-table-for-the-election-of-11-seats-for-the-house-of-people',
};
const SOUTH_WEST_2022: FigureSource = {
  label: 'Hiiraan Online: South West to elect last 7 MPs on March 15 (2022)',
  url: 'https://www.hiiraan.com/news4/2022/Mar/185515/south_west_to_elect_last_7_mps_on_march_15.aspx',
};
export const PARLIAMENT: FigureSource = {
  label: 'Wikipedia: Federal Parliament of Somalia',
  url: 'https://en.wikipedia.org/wiki/Federal_Parliament_of_Somalia',
};
export const UNFPA_PESS: FigureSource = {
  label: 'UNFPA: Population Estimation Survey 2014',
  url: 'https://somalia.unfpa.org/en/publications/newly-launched-population-estimation-survey-report',
};

/** Members of the House of the People. */
export const HOUSE_TOTAL = 275;
/**
 * Members of the Senate (the Upper House): at most 54 under article 72 of the 2012 Provisional Constitution,
 * shared as 8 seats for each member state and 3 more each for Puntland and Somaliland.
 */
export const SENATE_TOTAL = 54;

/** Each entity's seats in the House and the Senate; the North Eastern State's are not published yet. */
export const STATE_SEATS: Readonly<Record<StateId, { house: SeatCount; senate: SeatCount }>> = {
  banadir: { house: 5, senate: 0 },
  hirshabelle: { house: 38, senate: 8 },
  galmudug: { house: 37, senate: 8 },
  puntland: { house: 37, senate: 11 },
  northeastern: { house: 'TBD', senate: 'TBD' },
  somaliland: { house: 46, senate: 11 },
  jubaland: { house: 43, senate: 8 },
  southwest: { house: 69, senate: 8 },
};

/** Where the House figures come from: the total, and the seats elected per state in 2021 and 2022. */
export const HOUSE_SOURCES: readonly FigureSource[] = [PARLIAMENT, ELECTIONS_2021_2022, SOUTH_WEST_2022];
/** Where the Senate figures come from: the total and its split among the states. */
export const SENATE_SOURCES: readonly FigureSource[] = [
  IPU_UPPER_HOUSE,
  SENATE_ALLOCATION,
  ELECTIONS_2021_2022,
];
/** Both, for a page that shows the seats of both houses. */
export const SEAT_SOURCES: readonly FigureSource[] = [...new Set([...HOUSE_SOURCES, ...SENATE_SOURCES])];

/** Somalia's 18 regions as they were before 1991: the map's, the districts' and the voter roll's. */
export const REGION_COUNT = DISTRICT_REGIONS.length;
/** The entities the parliament's seats are shared among (six member states, Banadir, Somaliland). */
export const ENTITY_COUNT = STATE_IDS.length;

/** Somalia's population by the only survey of the whole country since 1986. */
export const POPULATION = { figure: 12_316_895, year: 2014, source: UNFPA_PESS } as const;
/** The share of House seats reserved for women by the agreed quota (not the share of women elected). */
export const WOMEN_QUOTA_PERCENT = 30;
/** The House's term in years. */
export const HOUSE_TERM_YEARS = 5;

/** The sum of the published seat counts (unknown ones left out): what a page's total must agree with. */
export function publishedSeats(house: 'house' | 'senate'): number {
  return STATE_IDS.reduce((sum, id) => {
    const seats = STATE_SEATS[id][house];
    return sum + (typeof seats === 'number' ? seats : 0);
  }, 0);
}
