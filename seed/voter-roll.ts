import type { Db } from '@server/db/client';
import { districts, registrationCenters, staffCenters, voters } from '@server/db/schema';
import { dateOfBirthHash } from '@server/services/voter-roll/date-of-birth';
import { regionsOfState } from '@shared/region-states';
import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { canonicalVoterCardNumber, type VoterSource, type VoterStatus } from '@shared/voter-roll';
import { asc, inArray } from 'drizzle-orm';

/** Imported entries per region that no demo account has claimed: 18 x 15 = 270 voters on the roll. */
export const DEMO_ROLL_PER_REGION = 15;
/** The centers the demo registrar works at (Mogadishu's three). */
export const DEMO_REGISTRAR_CENTERS = ['RC-001', 'RC-002', 'RC-003'] as const;
/** The region of the demo citizen and of the voters who cast the open elections' demo votes. */
export const DEMO_HOME_REGION: DistrictRegion = 'Banadir';

/** The by-election's state: the demo voters behind its votes are enrolled in its two regions. */
export const DEMO_BY_ELECTION_REGIONS = regionsOfState('hirshabelle');

/**
 * What each passwordless demo voter (by index, 0-based, as seed/elections.ts hands out the votes) is on the roll:
 * the 24 who vote in the open elections are enrolled in Banadir (one of those elections is Banadir's only), the
 * next 22 in Hirshabelle's regions (the closed by-election is theirs only), the next 6 across the other regions,
 * then 4 pending in the supervisor's queue, 2 suspended and 2 with no entry at all.
 */
export function voterPlan(index: number): { status: VoterStatus; region: DistrictRegion } | null {
  const others = DISTRICT_REGIONS.filter(
    (region) => region !== DEMO_HOME_REGION && !DEMO_BY_ELECTION_REGIONS.includes(region),
  );
  const elsewhere = others[index % others.length] ?? DEMO_HOME_REGION;
  const byElection = DEMO_BY_ELECTION_REGIONS[index % DEMO_BY_ELECTION_REGIONS.length] ?? DEMO_HOME_REGION;
  if (index < 24) return { status: 'enrolled', region: DEMO_HOME_REGION };
  if (index < 46) return { status: 'enrolled', region: byElection };
  if (index < 52) return { status: 'enrolled', region: elsewhere };
  if (index < 56) return { status: 'pending', region: DEMO_HOME_REGION };
  if (index < 58) return { status: 'suspended', region: elsewhere };
  return null;
}

/**
 * The demo voters (indexes into the seeded voter accounts) enrolled in one of `regions` (any region when null), in
 * order: whoever casts an election's demo votes may vote in it.
 */
export function demoVotersIn(regions: readonly DistrictRegion[] | null, accounts: number): number[] {
  return Array.from({ length: accounts }, (_, index) => index).filter((index) => {
    const plan = voterPlan(index);
    return plan?.status === 'enrolled' && (regions === null || regions.includes(plan.region));
  });
}

const FIRST_NAMES = [
  'Abdi',
  'Hodan',
  'Farah',
  'Sahra',
  'Yusuf',
  'Faadumo',
  'Ahmed',
  'Khadra',
  'Omar',
  'Ifrah',
];
const FAMILY_NAMES = ['Warsame', 'Hirsi', 'Jama', 'Nur', 'Osman', 'Aden', 'Guled', 'Samatar', 'Elmi'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const demoName = (n: number) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length]} ${FAMILY_NAMES[(n * 7) % FAMILY_NAMES.length]} ${FAMILY_NAMES[n % FAMILY_NAMES.length]}`;
/** Made-up dates of birth, 1950 to 2005; stored only as their keyed hash, as the real import does. */
const demoDateOfBirth = (n: number) =>
  `${1950 + ((n * 7) % 56)}-${pad(1 + ((n * 5) % 12))}-${pad(1 + ((n * 11) % 28))}`;

interface RollActors {
  citizenId: string;
  registrarId: string;
  supervisorId: string;
  voterIds: string[];
}

/**
 * The demo roll: the registrar's centers, the commission's imported roll across all 18 regions, the demo
 * citizen enrolled in person (entered by the registrar, approved by the supervisor) and the demo voters as
 * voterPlan says. Keyed by voter card number (and one entry per account), so a second run adds nothing.
 */
export function seedVoterRoll(db: Db, actors: RollActors, now: Date): void {
  const hash = (n: number) => dateOfBirthHash(db, demoDateOfBirth(n));
  const districtsOf = new Map<DistrictRegion, string[]>();
  for (const row of db.select().from(districts).orderBy(asc(districts.code)).all()) {
    districtsOf.set(row.region, [...(districtsOf.get(row.region) ?? []), row.id]);
  }
  const districtIn = (region: DistrictRegion, n: number) => {
    const list = districtsOf.get(region) ?? [];
    return list[n % list.length];
  };
  const centers = db
    .select({ id: registrationCenters.id, districtId: registrationCenters.districtId })
    .from(registrationCenters)
    .where(inArray(registrationCenters.code, [...DEMO_REGISTRAR_CENTERS]))
    .orderBy(asc(registrationCenters.code))
    .all();

  type Entry = typeof voters.$inferInsert;
  const entries: Entry[] = [];
  const entry = (
    card: string,
    n: number,
    values: { status: VoterStatus; source: VoterSource; districtId: string | undefined } & Partial<Entry>,
  ) => {
    if (!values.districtId) return;
    entries.push({
      // Stored canonical, as the desk, the import and the claim store and compare it.
      voterCardNumber: canonicalVoterCardNumber(card),
      fullName: demoName(n),
      dateOfBirthHash: hash(n),
      ...values,
    } as Entry);
  };
  let n = 0;
  for (const region of DISTRICT_REGIONS) {
    for (let i = 0; i < DEMO_ROLL_PER_REGION; i++, n++) {
      entry(`SO-ROLL-${pad(n + 1, 5)}`, n, {
        status: 'enrolled',
        source: 'import',
        districtId: districtIn(region, i),
      });
    }
  }
  // The demo citizen: enrolled in person at the first center, four eyes (registrar, then supervisor).
  const home = centers[0];
  entry('SO-DEMO-CITIZEN', 1000, {
    status: 'enrolled',
    source: 'registrar',
    districtId: home?.districtId ?? districtIn(DEMO_HOME_REGION, 0),
    centerId: home?.id ?? null,
    userId: actors.citizenId,
    enteredBy: actors.registrarId,
    reviewedBy: actors.supervisorId,
    reviewedAt: now,
  });
  actors.voterIds.forEach((userId, index) => {
    const plan = voterPlan(index);
    if (!plan) return;
    const card = `SO-VOTER-${pad(index + 1, 3)}`;
    if (plan.status === 'pending') {
      // Entered by the registrar at one of their centers this morning, waiting for the supervisor.
      const center = centers[index % Math.max(centers.length, 1)];
      entry(card, 2000 + index, {
        status: 'pending',
        source: 'registrar',
        districtId: center?.districtId ?? districtIn(plan.region, index),
        centerId: center?.id ?? null,
        userId,
        enteredBy: actors.registrarId,
      });
      return;
    }
    entry(card, 2000 + index, {
      status: plan.status,
      source: 'import',
      districtId: districtIn(plan.region, index),
      userId,
      ...(plan.status === 'suspended'
        ? { reviewedBy: actors.supervisorId, reviewedAt: now, statusReason: 'Demo: card reported lost.' }
        : {}),
    });
  });

  db.transaction((tx) => {
    for (const center of centers) {
      tx.insert(staffCenters)
        .values({ userId: actors.registrarId, centerId: center.id })
        .onConflictDoNothing()
        .run();
    }
    // Any conflict (a card already on the roll, an account already linked) leaves the existing entry alone.
    for (const values of entries) tx.insert(voters).values(values).onConflictDoNothing().run();
  });
}
