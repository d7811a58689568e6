/**
 * The 18 fixed regions used for districts (docs/product.md#regions-and-districts), north to south, Awdal through
 * Lower Juba.
 */
export const DISTRICT_REGIONS = [
  'Awdal',
  'Woqooyi Galbeed',
  'Togdheer',
  'Sool',
  'Sanaag',
  'Bari',
  'Nugaal',
  'Mudug',
  'Galgaduud',
  'Hiraan',
  'Middle Shabelle',
  'Banadir',
  'Lower Shabelle',
  'Bay',
  'Bakool',
  'Gedo',
  'Middle Juba',
  'Lower Juba',
] as const;
export type DistrictRegion = (typeof DISTRICT_REGIONS)[number];

/** The House directory's 8 regions (docs/product.md#house-and-senate-figures). */
export const HOUSE_REGIONS = [
  'Banaadir',
  'Hirshabelle',
  'Galmudug',
  'Puntland',
  'North East',
  'North West',
  'Jubbaland',
  'South West',
] as const;
export type HouseRegion = (typeof HOUSE_REGIONS)[number];

/** The Senate directory's states plus its leadership group (docs/product.md#house-and-senate-figures). */
export const SENATE_STATES = [
  'Jubaland',
  'Galmudug',
  'Hirshabeele',
  'Koonfur Galbeed',
  'Somaliland',
  'Puntland',
  'Leadership',
] as const;
export type SenateState = (typeof SENATE_STATES)[number];
