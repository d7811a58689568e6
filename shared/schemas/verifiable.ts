import { z } from 'zod';
import { idSchema, requiredText } from './common';

/**
 * Inputs of the verifiable elections' procedures. Texts of Belenios objects are taken as strings with a
 * generous bound here; their own limits (a ballot's size for its election, a key's) are the services' first
 * check, before anything is parsed.
 */
export const trusteeAddInput = z.strictObject({
  electionId: idSchema,
  name: requiredText(150, 'validation.trusteeNameRequired', 'name'),
  publicKey: z.string().max(100_000, 'verifiable.trusteeKeyInvalid'),
});

export const trusteeRemoveInput = z.strictObject({ electionId: idSchema, id: idSchema });

export const credentialInput = z.strictObject({ electionId: idSchema });

/** A ballot, without the line end `belenios-tool election generate-ballot` writes after it. */
export const castBallotInput = z.strictObject({
  electionId: idSchema,
  ballot: z.string().transform((text) => text.replace(/\r?\n$/, '')),
});

/** A trustee's token, as admin.elections.trustees.add gave it. */
const trusteeToken = z
  .string()
  .min(1, 'verifiable.trusteeTokenUnknown')
  .max(200, 'verifiable.trusteeTokenUnknown');

export const trusteeTokenInput = z.strictObject({ token: trusteeToken });

export const partialDecryptionInput = z.strictObject({
  token: trusteeToken,
  partialDecryption: z.string().max(2_000_000, 'verifiable.shareInvalid'),
});
