import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/sessions';
import { CALLS_PER_MINUTE } from '@server/http/trpc-calls';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * A page refused by the address's call ceiling (server/http/trpc-calls.ts): a reader gets an HTML page saying
 * so in their language, readable without script, never kept by a cache; API callers keep their JSON.
 */
const openApp = serverRenderingApps();

const ENGLISH = /<p role="alert">Too many requests\. Please wait (\d+) seconds and try again\.<\/p>/;
const SOMALI = /<p role="alert">Codsiyo aad u badan\. Fadlan sug (\d+) ilbiriqsi oo mar kale isku day\.<\/p>/;

/** Spends the address's whole call ceiling: a signed-in batch of 101 names costs 101 calls. */
async function spendTheCeiling(test: TestApp) {
  const user = await createUser(test.db);
  const cookie = `${SESSION_COOKIE}=${createSession(test.db, user.id).token}`;
  const batch = `/trpc/${Array.from({ length: 101 }, () => 'auth.session').join(',')}?batch=1`;
  for (let index = 0; index < Math.ceil(CALLS_PER_MINUTE / 101); index += 1) {
    await test.app.inject({ method: 'GET', url: batch, headers: { cookie } });
  }
}

describe('a page past the call ceiling', () => {
  it('is an HTML page with 429, Retry-After and the rate-limit sentence, in the reader’s language', async () => {
    const test = await openApp();
    await spendTheCeiling(test);
    for (const [language, sentence] of [
      ['en', ENGLISH],
      ['so', SOMALI],
    ] as const) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/senators?${language}`,
        headers: { cookie: `lang=${language}` },
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(response.body).toContain('<title>Codka</title>');
      expect(sentence.exec(response.body)?.[1]).toBe(String(retryAfter));
      // The site's frame, readable without script: the name and styles, none of the app's code or data.
      expect(response.body).toContain('<header><a href="/">');
      expect(response.body).toContain('<style>');
      expect(response.body).not.toContain('type="module"');
      expect(stateBlock(response.body)).toBeNull();
    }
    // Refused before any render.
    expect(renders.asked).toEqual([]);
  });

  it('answers HEAD with the same status and headers, without the body', async () => {
    const test = await openApp();
    await spendTheCeiling(test);
    const get = await test.app.inject({ method: 'GET', url: '/regions?get' });
    const head = await test.app.inject({ method: 'HEAD', url: '/regions?head' });
    expect(head.statusCode).toBe(429);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'cache-control', 'vary']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    expect(Number(head.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves the API’s refusal JSON, in the language the call asks for', async () => {
    const test = await openApp();
    await spendTheCeiling(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/trpc/directory.senators',
      headers: { 'accept-language': 'so' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toContain('application/json');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const body = response.json() as { error: { message: string; errorCode: string } };
    expect(body.error.errorCode).toBe('request.tooManyRequests');
    expect(body.error.message).toMatch(/^Codsiyo aad u badan\. Fadlan sug \d+ ilbiriqsi/);
  });
});
