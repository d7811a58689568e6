/**
 * Fixed figures (docs/product.md#regions, docs/product.md#static-figures). Each label is a key of the
 * client's `content` namespace (figures.<label>).
 */
export const REGION_SUMMARY = [
  { label: 'regions', value: '8' },
  { label: 'population', value: '10.8M' },
  { label: 'seats', value: '275' },
  { label: 'coverage', value: '100%' },
] as const;

/**
 * 8 entities and 10.8M population (docs/product.md#federal-states-and-seats). "7 member states" is left out: six
 * entities are member states today (the North Eastern State since 2025), Banadir is the capital region and Somaliland
 * is disputed.
 */
export const FEDERAL_STATES_SUMMARY = [
  { label: 'entities', value: '8' },
  { label: 'population', value: '10.8M' },
  { label: 'houseSeats', value: '275' },
] as const;

/** Shown on /transparent-process (docs/product.md#static-figures). */
export const PROCESS_STATISTICS = [
  { label: 'registeredVoters', value: '2,847,325' },
  { label: 'pollingStations', value: '1,456' },
  { label: 'observers', value: '247' },
  { label: 'mediaPartners', value: '63' },
  { label: 'securityScore', value: '99.8%' },
] as const;
