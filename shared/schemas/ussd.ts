import { z } from 'zod';

/**
 * admin.ussd.simulate: what a gateway would post for one screen. Kept loose on purpose, as a gateway's fields are:
 * the menu itself answers a bad number, a long text or an unknown choice with its own END screen.
 */
export const ussdSimulateInput = z.strictObject({
  phoneNumber: z.string().max(32),
  sessionId: z.string().min(1).max(100),
  text: z.string().max(10_240),
});
