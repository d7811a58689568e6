import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { createElection } from '../helpers/election-factories';
import { createUser } from '../helpers/factories';

// The client sends the reader's language as Accept-Language; the server's messages come back in it.
const json = { 'content-type': 'application/json', ...sameOrigin };

describe('server messages follow Accept-Language', () => {
  it('answers a service error in Somali, and in English without the header', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const user = await createUser(db);
    const { election, candidates } = createElection(db);
    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: json,
      payload: trpcBody({ email: user.email, password: user.password }),
    });
    const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
    const cast = (language?: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/votes.cast',
        headers: { ...json, cookie, ...(language ? { 'accept-language': language } : {}) },
        payload: trpcBody({ electionId: election.id, candidateId: candidates[0]?.id }),
      });
    expect((await cast()).statusCode).toBe(200);

    const somali = await cast('so');
    expect(somali.statusCode).toBe(409);
    expect(somali.json().error.json.message).toBe('Horey ayaad ugu codeysay doorashadan.');

    const english = await cast('en-GB,en;q=0.9');
    expect(english.json().error.json.message).toBe('You have already cast your vote in this election.');
  });

  it('translates validation messages and their field errors', async () => {
    const { app } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { ...json, 'accept-language': 'so' },
      payload: trpcBody({ email: 'not-an-email', password: 'x' }),
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error.json;
    expect(error.message).toBe('Fadlan geli cinwaan iimayl oo sax ah');
    expect(error.data.fieldErrors.email).toBe('Fadlan geli cinwaan iimayl oo sax ah');
  });

  it('translates the refusal of a protected procedure', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/trpc/votes.mine',
      headers: { 'accept-language': 'so' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.json.message).toBe('Waa in aad gashaa. Fadlan gal si aad u sii wadato.');
  });

  it('translates JSON errors of plain HTTP routes (uploads)', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/candidates/00000000-0000-4000-8000-000000000000/image',
      headers: { ...sameOrigin, 'accept-language': 'so' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Waa in aad gashaa. Fadlan gal si aad u sii wadato.');
  });
});
