/**
 * The House of the People directory: 275 seats. Seven entries are real members of the 11th Parliament (elected
 * 2021-2022), each with the federal member state whose seat they hold as reported in public news sources (see
 * SOURCES.md). No email, phone or birth date is given for any real person. The other 268 are generated
 * placeholders.
 *
 * Seat numbers: a real member carries their official seat number where a source gives it (Hamza Abdi Barre is
 * HOP#203, as his seat HOP203 in the sources). A real member whose seat number no source gives keeps a number of
 * the directory's own (HOP#001, HOP#002, HOP#004), and the placeholders take every number left, in order.
 */
import { HOUSE_TOTAL, STATE_SEATS } from '@shared/content/seats';
import { STATE_DIRECTORY, STATE_IDS } from '@shared/federal-states';
import { HOUSE_REGIONS, type HouseRegion } from '@shared/regions';

export interface HouseMemberSeed {
  /** 'HOP#001' to 'HOP#275': the seat number, unique. */
  hopNumber: string;
  name: string;
  region: HouseRegion;
  email: string | null;
  phone: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  description: string | null;
  isPlaceholder: boolean;
}

export const HOUSE_TOTAL_SEATS = HOUSE_TOTAL;

/**
 * House seats per region (shared/content/seats.ts, the figures the pages show); a region whose seats are not
 * published (North East) gets none.
 */
export const HOUSE_SEATS: Readonly<Record<HouseRegion, number>> = Object.fromEntries(
  STATE_IDS.map((id) => {
    const seats = STATE_SEATS[id].house;
    return [STATE_DIRECTORY[id].houseRegion, typeof seats === 'number' ? seats : 0];
  }),
) as Record<HouseRegion, number>;

function realMember(
  hopNumber: string,
  name: string,
  region: HouseRegion,
  description: string,
): HouseMemberSeed {
  return {
    hopNumber,
    name,
    region,
    email: null,
    phone: null,
    birthDate: null,
    description,
    isPlaceholder: false,
  };
}

/**
 * The real members. Where a description quotes a seat number (HOP203, HOP#068), the entry carries it
 * (the seed's tests hold the two together); the others have none from any source.
 */
export const NAMED_HOUSE_MEMBERS: readonly HouseMemberSeed[] = [
  realMember(
    'HOP#001',
    'Aden Mohamed Nur (Madobe)',
    'South West',
    'Speaker of the House of the People since April 2022; previously Speaker of the Transitional Federal Parliament (2007-2010).',
  ),
  realMember(
    'HOP#002',
    'Sadia Yasin Haji Samatar',
    'Puntland',
    'First Deputy Speaker of the House of the People since April 2022, the first woman to hold the post; re-elected MP in Garowe in March 2022.',
  ),
  realMember(
    'HOP#203',
    'Hamza Abdi Barre',
    'Jubbaland',
    'Elected MP for a Jubbaland seat (HOP203) in Kismayo in December 2021; appointed Prime Minister of Somalia in June 2022.',
  ),
  realMember(
    'HOP#004',
    'Mahdi Mohamed Guled',
    'North West',
    'Former Deputy Prime Minister; elected in Mogadishu in November 2021 as the first MP of the 11th Parliament, for a seat allocated to Somaliland.',
  ),
  realMember(
    'HOP#147',
    'Mahad Salad',
    'Galmudug',
    'Re-elected in Dhusamareb to the Galmudug seat HOP147 for a third consecutive term.',
  ),
  realMember(
    'HOP#034',
    'Khadija Mohamed Al-Makhzoumi',
    'Banaadir',
    "Elected in 2022 to the Banadiri community's seat HOP034; former ambassador to Pakistan and Somalia's first Minister of Environment and Climate Change (from August 2022).",
  ),
  realMember(
    'HOP#068',
    'Mohamed Ibrahim Moalimu',
    'Hirshabelle',
    'Federal government spokesman when elected in Beledweyne (Hirshabelle) to seat HOP068 in 2022.',
  ),
];

function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

/**
 * Regions for the placeholder seats, in HOP order. Each region gets its seats minus the named members
 * it already has; the regions are interleaved smoothly (at every prefix each region's share tracks its
 * quota), ties broken by HOUSE_REGIONS order, so the result is deterministic.
 */
function placeholderRegions(): HouseRegion[] {
  const quota = new Map<HouseRegion, number>();
  for (const region of HOUSE_REGIONS) {
    const named = NAMED_HOUSE_MEMBERS.filter((m) => m.region === region).length;
    quota.set(region, Math.max(0, HOUSE_SEATS[region] - named));
  }
  const total = HOUSE_TOTAL_SEATS - NAMED_HOUSE_MEMBERS.length;
  const assigned = new Map<HouseRegion, number>(HOUSE_REGIONS.map((r) => [r, 0]));
  const order: HouseRegion[] = [];
  for (let k = 1; k <= total; k++) {
    let best: HouseRegion | null = null;
    let bestDeficit = Number.NEGATIVE_INFINITY;
    for (const region of HOUSE_REGIONS) {
      const q = quota.get(region) ?? 0;
      const a = assigned.get(region) ?? 0;
      if (a >= q) continue;
      const deficit = (q * k) / total - a;
      if (deficit > bestDeficit) {
        bestDeficit = deficit;
        best = region;
      }
    }
    if (best === null) break;
    assigned.set(best, (assigned.get(best) ?? 0) + 1);
    order.push(best);
  }
  return order;
}

/** The seat numbers no named member holds, in order: the placeholders' numbers. */
function seatsLeft(): string[] {
  const taken = new Set(NAMED_HOUSE_MEMBERS.map((member) => member.hopNumber));
  return Array.from({ length: HOUSE_TOTAL_SEATS }, (_, index) => pad3(index + 1)).filter(
    (n) => !taken.has(`HOP#${n}`),
  );
}

/** All 275 House entries: the named members, then placeholders on the seat numbers left. */
export function houseMembers(): HouseMemberSeed[] {
  const members: HouseMemberSeed[] = NAMED_HOUSE_MEMBERS.map((m) => ({ ...m }));
  const regions = placeholderRegions();
  const numbers = seatsLeft();
  regions.forEach((region, i) => {
    const n = numbers[i] as string;
    members.push({
      hopNumber: `HOP#${n}`,
      name: `Member of Parliament ${n}`,
      region,
      email: null,
      phone: null,
      birthDate: null,
      description: null,
      isPlaceholder: true,
    });
  });
  return members;
}
