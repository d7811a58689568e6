import { z } from 'zod';
import { normalizeReceiptId, RECEIPT_PATTERN } from '../receipts';
import { idSchema } from './common';

export const SELECT_CANDIDATE_MESSAGE = 'vote.selectCandidate';

/**
 * votes.cast: both ids are required; a missing candidate gets the product's sentence
 * (docs/product.md#messages-and-empty-states).
 */
export const castVoteInput = z.strictObject({
  electionId: idSchema,
  candidateId: z.uuid({ error: SELECT_CANDIDATE_MESSAGE }),
});

export const verifyReceiptInput = z.strictObject({
  receiptId: z
    .string({ error: 'validation.receiptRequired' })
    // Trimmed and in the receipt's own case, so a receipt typed in capitals or pasted with spaces is found.
    .overwrite(normalizeReceiptId)
    .min(1, 'validation.receiptRequired')
    .max(40, 'validation.receiptInvalid')
    .regex(RECEIPT_PATTERN, 'validation.receiptFormat'),
});
