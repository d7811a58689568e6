import { type MapRegionCode, REGION_TO_STATE } from '@shared/federal-states';

/** Where a map region leads: the profile of the federal member state it belongs to. */
export const stateUrl = (code: MapRegionCode) => `/states/${REGION_TO_STATE[code]}`;
