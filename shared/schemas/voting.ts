import { z } from 'zod';
import { RECEIPT_PATTERN } from '../receipts';
import { idSchema } from './common';

export const SELECT_CANDIDATE_MESSAGE = "Please select a candidate and ensure you're logged in";

/** votes.cast: both ids are required; a missing candidate gets the spec's message (SPEC §5). */
export const castVoteInput = z.strictObject({
  electionId: idSchema,
  candidateId: z.uuid({ error: SELECT_CANDIDATE_MESSAGE }),
});

export const verifyReceiptInput = z.strictObject({
  receiptId: z
    .string({ error: 'Please enter a receipt ID' })
    .trim()
    .min(1, 'Please enter a receipt ID')
    .max(40, 'This is not a valid receipt ID')
    .regex(RECEIPT_PATTERN, 'This is not a valid receipt ID. Receipts look like V1795000000000-abc123xyz'),
});
