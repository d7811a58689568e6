import { DISTRICT_REGIONS } from '@shared/regions';
import { and, asc, eq } from 'drizzle-orm';
import { districts, registrationCenters } from '../../db/schema';
import { pollHistory, pollResults } from '../polls/poll-views';
import { chooseFrom, end, type Menu, readList, type Screen, say } from './screens';

const activeCenter = eq(registrationCenters.isActive, true);

/** Where to register: a region, then a district, then its active centres with their addresses. */
export function centreScreens(menu: Menu, choices: string[]): Screen {
  const { db } = menu.deps;
  const found = new Set(
    db
      .selectDistinct({ region: districts.region })
      .from(registrationCenters)
      .innerJoin(districts, eq(districts.id, registrationCenters.districtId))
      .where(activeCenter)
      .all()
      .map((row) => row.region),
  );
  // North to south, as every list of regions on the site.
  const regions = DISTRICT_REGIONS.filter((region) => found.has(region));
  if (regions.length === 0) return end(say(menu, 'ussd.centres.none'));
  const region = chooseFrom(menu, say(menu, 'ussd.centres.region'), regions, choices);
  if ('screen' in region) return region.screen;
  const regionName = regions[region.index];
  if (!regionName) return end(say(menu, 'ussd.unknownChoice'));
  const regionDistricts = db
    .selectDistinct({ id: districts.id, name: districts.name })
    .from(districts)
    .innerJoin(registrationCenters, eq(registrationCenters.districtId, districts.id))
    .where(and(eq(districts.region, regionName), activeCenter))
    .orderBy(asc(districts.name))
    .all();
  const district = chooseFrom(
    menu,
    say(menu, 'ussd.centres.district'),
    regionDistricts.map((row) => row.name),
    region.rest,
  );
  if ('screen' in district) return district.screen;
  const districtId = regionDistricts[district.index]?.id ?? '';
  const centres = db
    .select({ name: registrationCenters.name, address: registrationCenters.address })
    .from(registrationCenters)
    .where(and(eq(registrationCenters.districtId, districtId), activeCenter))
    .orderBy(asc(registrationCenters.name))
    .all();
  const lines = centres.map((centre) => (centre.address ? `${centre.name}: ${centre.address}` : centre.name));
  return readList(menu, say(menu, 'ussd.centres.list'), lines, district.rest);
}

/** The newest closed poll's results, every candidate with their share, as the results page shows them. */
export function resultScreens(menu: Menu, choices: string[]): Screen {
  const { db } = menu.deps;
  const latest = pollHistory(db)[0];
  if (!latest) return end(say(menu, 'ussd.results.none'));
  const { poll, results } = pollResults(db, latest.id, {
    userId: null,
    isAdmin: false,
    seesAllResults: false,
  });
  const lines = results.all.map((row) => `${row.name} ${row.percentage.toFixed(1)}% (${row.voteCount})`);
  const header = say(menu, 'ussd.results.header', { month: poll.monthYear, total: results.totalVotes });
  return readList(menu, header, lines, choices);
}
