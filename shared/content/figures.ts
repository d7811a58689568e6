import { ENTITY_COUNT, HOUSE_TOTAL, POPULATION, REGION_COUNT, SENATE_TOTAL } from './seats';

/** "12.3M": the population in millions, as the summary cards show it. */
const populationInMillions = `${(POPULATION.figure / 1_000_000).toFixed(1)}M`;

/**
 * The summary cards of /regions and /federal-states (docs/product.md#regions, docs/product.md#static-figures),
 * read from shared/content/seats.ts. Each label is a key of the client's `content` namespace (figures.<label>).
 * Regions are Somalia's 18; the eight pages of /regions are the entities the House's seats are shared among.
 */
export const REGION_SUMMARY = [
  { label: 'regions', value: String(REGION_COUNT) },
  { label: 'entities', value: String(ENTITY_COUNT) },
  { label: 'population', value: populationInMillions },
  { label: 'seats', value: String(HOUSE_TOTAL) },
] as const;

/**
 * "7 member states" is left out: six entities are member states today (the North Eastern State since 2025),
 * Banadir is the capital region and Somaliland is disputed.
 */
export const FEDERAL_STATES_SUMMARY = [
  { label: 'entities', value: String(ENTITY_COUNT) },
  { label: 'population', value: populationInMillions },
  { label: 'houseSeats', value: String(HOUSE_TOTAL) },
  { label: 'senateSeats', value: String(SENATE_TOTAL) },
] as const;

/** Shown on /transparent-process (docs/product.md#static-figures). */
export const PROCESS_STATISTICS = [
  { label: 'registeredVoters', value: '2,847,325' },
  { label: 'pollingStations', value: '1,456' },
  { label: 'observers', value: '247' },
  { label: 'mediaPartners', value: '63' },
  { label: 'securityScore', value: '99.8%' },
] as const;
