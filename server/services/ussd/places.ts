import enHome from '@client/i18n/locales/en/home.json' with { type: 'json' };
import soHome from '@client/i18n/locales/so/home.json' with { type: 'json' };
import { pickText, textOf } from '@shared/bilingual';
import { dialledInSomalia } from '@shared/contact-phone';
import { DISTRICT_REGION_CODES } from '@shared/region-states';
import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { and, asc, eq } from 'drizzle-orm';
import { districts, registrationCenters } from '../../db/schema';
import { centerSortName } from '../centers-map';
import { pollHistory, pollResults } from '../polls/poll-views';
import { chooseFrom, end, type Menu, readList, type Screen, say } from './screens';

const activeCenter = eq(registrationCenters.isActive, true);

/** A region as the map names it in the menu's language (one spelling per language, docs/i18n.md#glossary-keep-these-the-same-everywhere). */
const REGION_NAMES = { en: enHome.map.regions, so: soHome.map.regions } as const;
const regionName = (menu: Menu, region: DistrictRegion) =>
  REGION_NAMES[menu.language][DISTRICT_REGION_CODES[region]];

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
  const region = chooseFrom(
    menu,
    say(menu, 'ussd.centres.region'),
    regions.map((name) => regionName(menu, name)),
    choices,
  );
  if ('screen' in region) return region.screen;
  const chosenRegion = regions[region.index];
  if (!chosenRegion) return end(say(menu, 'ussd.unknownChoice'));
  const regionDistricts = db
    .selectDistinct({ id: districts.id, name: districts.name })
    .from(districts)
    .innerJoin(registrationCenters, eq(registrationCenters.districtId, districts.id))
    .where(and(eq(districts.region, chosenRegion), activeCenter))
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
    .select({
      name: registrationCenters.name,
      nameSo: registrationCenters.nameSo,
      address: registrationCenters.address,
      phone: registrationCenters.phone,
    })
    .from(registrationCenters)
    .where(and(eq(registrationCenters.districtId, districtId), activeCenter))
    .orderBy(asc(centerSortName))
    .all();
  // The centre's name in the menu's language, else the other one: a phone screen has no room for a marker. The
  // phone number comes before the address, so a line cut to fit the screen keeps it.
  const lines = centres.map((centre) => {
    const name = pickText(textOf(centre.name, centre.nameSo), menu.language)?.text ?? '';
    const called = centre.phone ? `${name}, ${dialledInSomalia(centre.phone)}` : name;
    return centre.address ? `${called}: ${centre.address}` : called;
  });
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
