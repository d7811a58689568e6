import { z } from 'zod';
import { pollMessages } from '../poll-messages';
import { somaliaLocalToDate } from '../poll-rules';
import { DEFAULT_CANDIDATE_COLOR, POLL_ELECTION_TYPES } from '../polls';
import { DEFAULT_POLL_ELIGIBILITY } from '../voter-roll';
import { adminMessages } from './admin';
import {
  idSchema,
  oneLanguageRequired,
  optionalText,
  requiredText,
  textInEitherLanguage,
  urlOrPath,
} from './common';
import { eligibilityRuleField } from './eligibility';

export { pollMessages } from '../poll-messages';

const MONTH_PATTERN = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;

/** An empty field of a form that has no client checks counts as not given. */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const pollIdInput = z.strictObject({ pollId: idSchema });

/** polls.vote: a candidate is required (docs/product.md#poll-forms). */
export const pollVoteInput = z.strictObject({
  pollId: idSchema,
  candidateId: z.uuid({ error: pollMessages.selectCandidate }),
});

/**
 * polls.create, as the admin dialog sends it: everything optional. Without a title the poll's is
 * '{Type} Poll {month_year}' in the reader's language, the month to the current one, the window to the month's bounds.
 */
export const pollCreateInput = z.strictObject({
  // In English and in Somali, both optional: a language left empty is written when read
  // (docs/decisions/021-bilingual-content.md).
  title: textInEitherLanguage(200, 'title'),
  titleSo: textInEitherLanguage(200, 'title'),
  monthYear: z.preprocess(
    blankAsMissing,
    z
      .string({ error: pollMessages.invalidMonth })
      .trim()
      .regex(MONTH_PATTERN, pollMessages.invalidMonth)
      .optional(),
  ),
  electionType: z.enum(POLL_ELECTION_TYPES, { error: 'validation.pollElectionType' }).default('presidential'),
  opensAt: z.date({ error: pollMessages.invalidDateTime }).optional(),
  closesAt: z.date({ error: pollMessages.invalidDateTime }).optional(),
  // Who can vote (docs/product.md#eligibility): a confirmed e-mail address unless the admin says otherwise.
  eligibility: eligibilityRuleField.default(DEFAULT_POLL_ELIGIBILITY),
});
export type PollCreateInput = z.output<typeof pollCreateInput>;

const requiredField = z.string({ error: pollMessages.fillRequired }).trim().min(1, pollMessages.fillRequired);
const localDateTime = requiredField.refine((value) => somaliaLocalToDate(value) !== null, {
  message: pollMessages.invalidDateTime,
});

/**
 * The Create Poll tab's form (docs/product.md#poll-forms): title, month, opening and closing time all required; times
 * are datetime-local values read as Somalia time. The title in one language is enough
 * (docs/decisions/021-bilingual-content.md).
 */
export const pollFormSchema = z
  .object({
    title: textInEitherLanguage(200, 'title'),
    titleSo: textInEitherLanguage(200, 'title'),
    monthYear: requiredField.regex(MONTH_PATTERN, pollMessages.invalidMonth),
    opensAt: localDateTime,
    closesAt: localDateTime,
  })
  .refine(...oneLanguageRequired('title', 'titleSo', pollMessages.fillRequired))
  .refine(
    (values) => {
      const opens = somaliaLocalToDate(values.opensAt);
      const closes = somaliaLocalToDate(values.closesAt);
      return !opens || !closes || closes > opens;
    },
    { message: pollMessages.closesAfterOpens, path: ['closesAt'] },
  );
export type PollFormValues = z.input<typeof pollFormSchema>;

/** docs/product.md#poll-lifecycle: a non-empty name; photo URL and party optional; colour #3B82F6 unless chosen. */
export const pollCandidateInput = z.strictObject({
  pollId: idSchema,
  name: requiredText(150, adminMessages.candidateNameRequired, 'name'),
  photoUrl: urlOrPath('photoUrl'),
  party: optionalText(150, 'party'),
  partySo: optionalText(150, 'party'),
  colorHex: z.preprocess(
    blankAsMissing,
    z
      .string({ error: pollMessages.invalidColour })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, pollMessages.invalidColour)
      .transform((value) => value.toUpperCase())
      .default(DEFAULT_CANDIDATE_COLOR),
  ),
});

export const pollVotesInput = z.strictObject({
  pollId: idSchema,
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).default(0),
});
