import { z } from 'zod';
import { storedEligibleRegions } from '../eligibility';
import { DISTRICT_REGIONS } from '../regions';
import { ELIGIBILITY_RULES, type EligibilityRule } from '../voter-roll';

/** The admin forms' "Who can vote" and, for enrolled voters, the regions (sentences: errors namespace, eligibility.*). */
export const eligibilityMessages = {
  ruleUnknown: 'eligibility.ruleUnknown',
  unknownRegion: 'eligibility.unknownRegion',
} as const;

export const eligibilityRuleField = z.enum(ELIGIBILITY_RULES, { error: eligibilityMessages.ruleUnknown });

/** Regions by their district-list names; none (null or an empty list) means every region. */
export const eligibleRegionsField = z
  .array(z.enum(DISTRICT_REGIONS, { error: eligibilityMessages.unknownRegion }), {
    error: eligibilityMessages.unknownRegion,
  })
  .max(DISTRICT_REGIONS.length * 2, eligibilityMessages.unknownRegion)
  .nullable();

/**
 * The columns a rule is stored in. Regions only limit enrolled voters, so any other rule stores none (a form
 * switched from "Enrolled voters" to another rule may still send the list it showed).
 */
export function eligibilityColumns(rule: EligibilityRule, regions: readonly string[] | null | undefined) {
  return { eligibility: rule, eligibleRegions: rule === 'enrolled' ? storedEligibleRegions(regions) : null };
}
