/**
 * Demo voter registration centers. The centers, codes, capacities and statuses are generated demo
 * data; the towns are real. Town coordinates are the towns' usual reference points, cross-checked
 * to two decimals against a public world-city list (Garbaharey uses Wikipedia's minute-precision point).
 * The three Mogadishu points are approximate points inside each district, not surveyed addresses.
 * Every districtCode exists in KNOWN_DISTRICTS (./districts.ts). See SOURCES.md.
 */
export interface RegistrationCenterSeed {
  name: string;
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
    code: 'RC-013',
    address: 'Garbaharey, Gedo',
    districtCode: 'GE-GAR',
    capacity: 800,
    latitude: 3.35,
    longitude: 42.2667,
    isActive: false,
  },
  {
    name: 'Hargeisa District Registration Center',
    code: 'RC-014',
    address: 'Hargeisa, Woqooyi Galbeed',
    districtCode: 'WO-HAR',
    capacity: 500,
    latitude: 9.56,
    longitude: 44.065,
    isActive: false,
  },
];
