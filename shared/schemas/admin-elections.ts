import { z } from 'zod';
import { ELECTION_STATUSES, ELECTION_TYPES } from '../elections';
import { isHopPosition } from '../hop-positions';
import { label, message } from '../i18n/error-messages';
import { COUNTING_MODES } from '../verifiable';
import { DEFAULT_ELECTION_ELIGIBILITY } from '../voter-roll';
import { idSchema, oneLanguageRequired, optionalText, textInEitherLanguage } from './common';
import { eligibilityRuleField, eligibleRegionsField } from './eligibility';

export const electionMessages = {
  titleRequired: 'validation.titleRequired',
  startRequired: 'validation.startRequired',
  endRequired: 'validation.endRequired',
  endAfterStart: 'validation.endAfterStart',
  candidateRequired: 'validation.candidateRequired',
  hopPosition: 'validation.hopPosition',
} as const;

/** The default draft (docs/product.md#election-form): type Presidential, status Draft, results hidden until close. */
export const ELECTION_DEFAULTS = {
  electionType: 'Presidential',
  status: 'Draft',
  resultsVisible: false,
  hideResultsUntilClose: true,
  eligibility: DEFAULT_ELECTION_ELIGIBILITY,
} as const;

const electionFields = {
  // Each text in English and in Somali (docs/decisions/021-bilingual-content.md); a title in at least one.
  title: textInEitherLanguage(200, 'title'),
  titleSo: textInEitherLanguage(200, 'title'),
  description: optionalText(2000, 'description'),
  descriptionSo: optionalText(2000, 'description'),
  // The form has a type (docs/product.md#election-statuses), the database does not; it decides only the position
  // choices.
  electionType: z
    .enum(ELECTION_TYPES, { error: 'validation.electionType' })
    .default(ELECTION_DEFAULTS.electionType),
  startTime: z.date({ error: electionMessages.startRequired }),
  endTime: z.date({ error: electionMessages.endRequired }),
  status: z.enum(ELECTION_STATUSES, { error: 'validation.status' }).default(ELECTION_DEFAULTS.status),
  resultsVisible: z.boolean().default(ELECTION_DEFAULTS.resultsVisible),
  hideResultsUntilClose: z.boolean().default(ELECTION_DEFAULTS.hideResultsUntilClose),
};

const countingField = z.enum(COUNTING_MODES, { error: 'validation.invalidInput' });

/** Checked as soon as both times are valid, so the form shows this beside the other fields' messages. */
const endsAfterStart = {
  message: electionMessages.endAfterStart,
  path: ['endTime'],
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'startTime' || issue.path?.[0] === 'endTime'),
};
const endsAfterStartCheck = (value: unknown) => {
  // Input that is not an object at all already has its issue; `when` still runs the check for it.
  if (typeof value !== 'object' || value === null) return true;
  const { startTime, endTime } = value as { startTime: Date; endTime: Date };
  return endTime > startTime;
};

const titleInEitherLanguage = oneLanguageRequired('title', 'titleSo', electionMessages.titleRequired);

/** A row of the create form's candidate list; a row left without a name is dropped. */
export const ballotCandidateInput = z.strictObject({
  name: z
    .string()
    .max(150, message('validation.maxLength', { label: label('name'), max: 150 }))
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim()),
  party: optionalText(150, 'party'),
  partySo: optionalText(150, 'party'),
  positionSought: optionalText(150, 'position'),
  positionSoughtSo: optionalText(150, 'position'),
});

export const createElectionInput = z
  .strictObject({
    ...electionFields,
    // Who can vote (docs/product.md#eligibility): enrolled voters unless the admin says otherwise; regions limit
    // enrolled voters.
    eligibility: eligibilityRuleField.default(ELECTION_DEFAULTS.eligibility),
    eligibleRegions: eligibleRegionsField.default(null),
    // Counted as today, or verifiably (shared/verifiable.ts): chosen with the draft, fixed once it opens.
    counting: countingField.default('standard'),
    candidates: z
      .array(ballotCandidateInput)
      .max(100, 'validation.tooManyCandidates')
      .refine((rows) => rows.some((row) => row.name !== ''), electionMessages.candidateRequired),
  })
  .refine(endsAfterStartCheck, endsAfterStart)
  .refine(...titleInEitherLanguage)
  .superRefine((value, ctx) => {
    if (value.electionType !== 'Lower House') return;
    value.candidates.forEach((candidate, index) => {
      for (const field of ['positionSought', 'positionSoughtSo'] as const) {
        const position = candidate[field];
        if (position !== null && !isHopPosition(position)) {
          ctx.addIssue({
            code: 'custom',
            message: electionMessages.hopPosition,
            path: ['candidates', index, field],
          });
        }
      }
    });
  })
  .transform((value) => ({ ...value, candidates: value.candidates.filter((c) => c.name !== '') }));

/** Editing changes the election's own fields; its candidates have their own page. Who can vote is kept when
 *  not sent (a caller that predates the rule must not reset it to the default). */
export const updateElectionInput = z
  .strictObject({
    id: idSchema,
    ...electionFields,
    eligibility: eligibilityRuleField.optional(),
    eligibleRegions: eligibleRegionsField.optional(),
    counting: countingField.optional(),
  })
  .refine(endsAfterStartCheck, endsAfterStart)
  .refine(...titleInEitherLanguage);

export const electionIdInput = z.strictObject({ electionId: idSchema });
