import { HOUSE_REGIONS, type HouseRegion, SENATE_STATES, type SenateState } from '@shared/regions';
import type { TFunction } from 'i18next';

/**
 * Region, state and office names as stored (English, the product's words) shown in the reader's language.
 * A value an admin typed that is not one of these is shown as typed.
 */
type DirectoryT = TFunction<'directory'>;

const SENATE_ROLES = ['Chairman', 'First Deputy Chairman', 'Second Deputy Chairman'] as const;
const SENATE_TITLES = [
  'Senator',
  'Chairman of the Upper House',
  'First Deputy Chairman of the Upper House',
  'Second Deputy Chairman of the Upper House',
] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export const houseRegionName = (t: DirectoryT, region: string): string =>
  isOneOf<HouseRegion>(HOUSE_REGIONS, region) ? t(`houseRegions.${region}`) : region;

export const senateStateName = (t: DirectoryT, state: string): string =>
  isOneOf<SenateState>(SENATE_STATES, state) ? t(`senateStates.${state}`) : state;

export const senateRoleName = (t: DirectoryT, role: string): string =>
  isOneOf(SENATE_ROLES, role) ? t(`senateRoles.${role}`) : role;

export const senateTitleName = (t: DirectoryT, title: string): string =>
  isOneOf(SENATE_TITLES, title) ? t(`senateTitles.${title}`) : title;
