import { z } from 'zod';
import { ELECTION_STATUSES, ELECTION_TYPES } from '../elections';
import { isHopPosition } from '../hop-positions';
import { idSchema, optionalText, requiredText } from './common';

export const electionMessages = {
  titleRequired: 'Title is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  endAfterStart: 'End time must be after start time',
  candidateRequired: 'Please add at least one candidate with a name',
  hopPosition: 'Choose a HOP number from HOP#001 to HOP#275',
} as const;

/** SPEC §5's default draft: type Presidential, status Draft, results hidden until close. */
export const ELECTION_DEFAULTS = {
  electionType: 'Presidential',
  status: 'Draft',
  resultsVisible: false,
  hideResultsUntilClose: true,
} as const;

const electionFields = {
  title: requiredText(200, electionMessages.titleRequired, 'Title'),
  description: optionalText(2000, 'Description'),
  // SPEC §3: the form has a type, the database does not; it decides only the position choices.
  electionType: z
    .enum(ELECTION_TYPES, { error: 'Choose an election type' })
    .default(ELECTION_DEFAULTS.electionType),
  startTime: z.date({ error: electionMessages.startRequired }),
  endTime: z.date({ error: electionMessages.endRequired }),
  status: z.enum(ELECTION_STATUSES, { error: 'Choose a valid status' }).default(ELECTION_DEFAULTS.status),
  resultsVisible: z.boolean().default(ELECTION_DEFAULTS.resultsVisible),
  hideResultsUntilClose: z.boolean().default(ELECTION_DEFAULTS.hideResultsUntilClose),
};

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

/** A row of the create form's candidate list; a row left without a name is dropped. */
export const ballotCandidateInput = z.strictObject({
  name: z
    .string()
    .max(150, 'Name must be at most 150 characters')
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim()),
  party: optionalText(150, 'Party'),
  positionSought: optionalText(150, 'Position'),
});

export const createElectionInput = z
  .strictObject({
    ...electionFields,
    candidates: z
      .array(ballotCandidateInput)
      .max(100, 'An election can have at most 100 candidates')
      .refine((rows) => rows.some((row) => row.name !== ''), electionMessages.candidateRequired),
  })
  .refine(endsAfterStartCheck, endsAfterStart)
  .superRefine((value, ctx) => {
    if (value.electionType !== 'Lower House') return;
    value.candidates.forEach((candidate, index) => {
      if (candidate.positionSought !== null && !isHopPosition(candidate.positionSought)) {
        ctx.addIssue({
          code: 'custom',
          message: electionMessages.hopPosition,
          path: ['candidates', index, 'positionSought'],
        });
      }
    });
  })
  .transform((value) => ({ ...value, candidates: value.candidates.filter((c) => c.name !== '') }));

/** Editing changes the election's own fields; its candidates have their own page. */
export const updateElectionInput = z
  .strictObject({ id: idSchema, ...electionFields })
  .refine(endsAfterStartCheck, endsAfterStart);

export const electionIdInput = z.strictObject({ electionId: idSchema });
