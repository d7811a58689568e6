import { expect } from 'vitest';

/**
 * Things a test creates for itself through the server's API, so that it does not change (or count on) the
 * demo accounts and demo data other files on the same server use (suite.ts).
 */

export const uniqueEmail = (label = 'citizen') =>
  `e2e.${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@test.codka.example`;

/** A new citizen, signed up through the API as the Sign Up form would; returns what signs them in. */
export async function createCitizen(
  origin: string,
  { label = 'citizen', password = 'e2e-password-42', fullName = 'Faadumo Xasan' } = {},
): Promise<{ email: string; password: string; fullName: string }> {
  const email = uniqueEmail(label);
  const response = await fetch(`${origin}/trpc/auth.signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ json: { fullName, email, password } }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { email, password, fullName };
}
