/**
 * Demo voter registration centers. The centers, codes, capacities and statuses are generated demo
 * data; the towns are real. Town coordinates are the towns' usual reference points, cross-checked
 * to two decimals against a public world-city list (Garbaharey and Bu'ale use Wikipedia's minute-precision
 * points). The four Mogadishu points are approximate points inside each district, not surveyed addresses.
 * Every one of the 18 regions has an active center. Every districtCode exists in KNOWN_DISTRICTS
 * (./districts.ts). See SOURCES.md.
 */
import type { OpeningHours } from '@shared/opening-hours';

export interface RegistrationCenterSeed {
  name: string;
  /** The name in Somali (registration_centers.name_so). */
  nameSo: string;
  code: string;
  address: string;
  districtCode: string;
  capacity: number;
  latitude: number;
  longitude: number;
  isActive: boolean;
}

export const REGISTRATION_CENTERS: readonly RegistrationCenterSeed[] = [
  {
    name: 'Hodan District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Hodan',
    code: 'RC-001',
    address: 'Hodan District, Mogadishu, Banadir',
    districtCode: 'BN-HOD',
    capacity: 3000,
    latitude: 2.041,
    longitude: 45.298,
    isActive: true,
  },
  {
    name: 'Hamar Weyne District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Xamar Weyne',
    code: 'RC-002',
    address: 'Hamar Weyne District, Mogadishu, Banadir',
    districtCode: 'BN-HWE',
    capacity: 2000,
    latitude: 2.034,
    longitude: 45.343,
    isActive: true,
  },
  {
    name: 'Wadajir District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Wadajir',
    code: 'RC-003',
    address: 'Wadajir District, Mogadishu, Banadir',
    districtCode: 'BN-WAD',
    capacity: 2500,
    latitude: 2.02,
    longitude: 45.288,
    isActive: true,
  },
  {
    name: 'Baidoa District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Baydhabo',
    code: 'RC-004',
    address: 'Baidoa, Bay',
    districtCode: 'BY-BAI',
    capacity: 2500,
    latitude: 3.1138,
    longitude: 43.6498,
    isActive: true,
  },
  {
    name: 'Kismayo District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Kismaayo',
    code: 'RC-005',
    address: 'Kismayo, Lower Juba',
    districtCode: 'JH-KIS',
    capacity: 2000,
    latitude: -0.3582,
    longitude: 42.5454,
    isActive: true,
  },
  {
    name: 'Garowe District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Garoowe',
    code: 'RC-006',
    address: 'Garowe, Nugaal',
    districtCode: 'NU-GAR',
    capacity: 1500,
    latitude: 8.4054,
    longitude: 48.4845,
    isActive: true,
  },
  {
    name: 'Galkayo District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Gaalkacyo',
    code: 'RC-007',
    address: 'Galkayo, Mudug',
    districtCode: 'MU-GAL',
    capacity: 2000,
    latitude: 6.7697,
    longitude: 47.4308,
    isActive: true,
  },
  {
    name: 'Beledweyne District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Beledweyne',
    code: 'RC-008',
    address: 'Beledweyne, Hiraan',
    districtCode: 'HI-BEL',
    capacity: 1500,
    latitude: 4.7358,
    longitude: 45.2036,
    isActive: true,
  },
  {
    name: 'Jowhar District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Jowhar',
    code: 'RC-009',
    address: 'Jowhar, Middle Shabelle',
    districtCode: 'SD-JOW',
    capacity: 1200,
    latitude: 2.7809,
    longitude: 45.5005,
    isActive: true,
  },
  {
    name: 'Dhusamareb District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Dhuusamarreeb',
    code: 'RC-010',
    address: 'Dhusamareb, Galgaduud',
    districtCode: 'GA-DHU',
    capacity: 1000,
    latitude: 5.5353,
    longitude: 46.3869,
    isActive: true,
  },
  {
    name: 'Bosaso District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Boosaaso',
    code: 'RC-011',
    address: 'Bosaso, Bari',
    districtCode: 'BR-BOS',
    capacity: 2500,
    latitude: 11.2842,
    longitude: 49.1816,
    isActive: true,
  },
  {
    name: 'Afgooye District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Afgooye',
    code: 'RC-012',
    address: 'Afgooye, Lower Shabelle',
    districtCode: 'SH-AFG',
    capacity: 1000,
    latitude: 2.1381,
    longitude: 45.1212,
    isActive: true,
  },
  {
    name: 'Garbaharey District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Garbahaarrey',
    code: 'RC-013',
    address: 'Garbaharey, Gedo',
    districtCode: 'GE-GAR',
    capacity: 800,
    latitude: 3.35,
    longitude: 42.2667,
    isActive: true,
  },
  {
    name: 'Hargeisa District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Hargeysa',
    code: 'RC-014',
    address: 'Hargeisa, Woqooyi Galbeed',
    districtCode: 'WO-HAR',
    capacity: 500,
    latitude: 9.56,
    longitude: 44.065,
    isActive: true,
  },
  {
    name: 'Borama District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Boorama',
    code: 'RC-015',
    address: 'Borama, Awdal',
    districtCode: 'AW-BOR',
    capacity: 800,
    latitude: 9.9361,
    longitude: 43.1836,
    isActive: true,
  },
  {
    name: 'Burao District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Burco',
    code: 'RC-016',
    address: 'Burao, Togdheer',
    districtCode: 'TO-BUR',
    capacity: 1000,
    latitude: 9.5221,
    longitude: 45.5336,
    isActive: true,
  },
  {
    name: 'Las Anod District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Laascaanood',
    code: 'RC-017',
    address: 'Las Anod, Sool',
    districtCode: 'SO-LAS',
    capacity: 800,
    latitude: 8.4774,
    longitude: 47.3597,
    isActive: true,
  },
  {
    name: 'Erigavo District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Ceerigaabo',
    code: 'RC-018',
    address: 'Erigavo, Sanaag',
    districtCode: 'SA-ERI',
    capacity: 600,
    latitude: 10.616,
    longitude: 47.369,
    isActive: true,
  },
  {
    name: 'Hudur District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Xuddur',
    code: 'RC-019',
    address: 'Hudur, Bakool',
    districtCode: 'BK-HUD',
    capacity: 600,
    latitude: 4.1213,
    longitude: 43.8894,
    isActive: true,
  },
  {
    name: "Bu'ale District Registration Center",
    nameSo: "Xarunta Diiwaangelinta Degmada Bu'aale",
    code: 'RC-020',
    address: "Bu'ale, Middle Juba",
    districtCode: 'JD-BUA',
    capacity: 500,
    latitude: 1.0833,
    longitude: 42.5833,
    isActive: true,
  },
  {
    name: 'Daynile District Registration Center',
    nameSo: 'Xarunta Diiwaangelinta Degmada Dayniile',
    code: 'RC-021',
    address: 'Daynile District, Mogadishu, Banadir',
    districtCode: 'BN-DAY',
    capacity: 1500,
    latitude: 2.07,
    longitude: 45.27,
    // The demo's one closed center: staff see it in the console, the public map leaves it out.
    isActive: false,
  },
];

/**
 * What a demo centre tells citizens beside its address: a working week from Saturday to Wednesday, a short
 * Thursday, Friday closed (Mogadishu time), and a number to call. Made-up numbers in the demo's own range
 * (+25261555xxxx, beside the demo citizen's); the inactive centre and the last active one give none, as a real
 * centre may not.
 */
export function demoCenterContact(
  center: RegistrationCenterSeed,
  index: number,
): Pick<RegistrationCenterValues, 'openingHours' | 'hoursNote' | 'hoursNoteSo' | 'phone'> {
  if (!center.isActive || center.code === 'RC-020')
    return { openingHours: [], hoursNote: null, hoursNoteSo: null, phone: null };
  return {
    openingHours: [
      ...([6, 0, 1, 2, 3] as const).map((day) => ({ day, opens: '08:00', closes: '16:00' })),
      { day: 4, opens: '08:00', closes: '12:00' },
    ],
    hoursNote: 'Closed on public holidays',
    hoursNoteSo: 'Waa xiran tahay maalmaha fasaxa dowladda',
    phone: `+25261555${String(200 + index).padStart(4, '0')}`,
  };
}

interface RegistrationCenterValues {
  openingHours: OpeningHours;
  hoursNote: string | null;
  hoursNoteSo: string | null;
  phone: string | null;
}
