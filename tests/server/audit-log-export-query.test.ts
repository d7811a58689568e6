import { AUDIT_LOG_QUERY_MAX_CHARS } from '@server/http/audit-log-csv';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { createAdmin } from '../helpers/factories';
import { sessionCookie } from '../helpers/security/world';

/**
 * The audit log's CSV export reads its filters from the query string, which anyone holding an admin's
 * session can make as long as the server lets a URL be: each monster gets the export's sentence, never a 500.
 */
const EXPORT = '/api/admin/audit-log.csv';
const TOO_LONG = 'The filters are too long: each filter is at most 100 characters, given once.';

describe('GET /api/admin/audit-log.csv with huge filter query strings', () => {
  it.each([
    ['a 100 KB filter', `recordId=${'x'.repeat(100_000)}`, TOO_LONG],
    ['100 KB of names that are no filter', `junk=${'x'.repeat(100_000)}`, TOO_LONG],
    ['one filter repeated 5,000 times', 'action=a&'.repeat(5000), TOO_LONG],
    ['5,000 different names', Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join('&'), TOO_LONG],
    ['a filter twice', 'action=a&action=b', 'Give each filter once.'],
    [
      'a filter past its length',
      `recordId=${'x'.repeat(101)}`,
      'A filter is too long: shorten it to the word you are looking for.',
    ],
    [
      'a table name past its length',
      `tableName=${'t'.repeat(61)}`,
      'A filter is too long: shorten it to the word you are looking for.',
    ],
  ])('answers %s with a 400 and a sentence', async (_label, query, sentence) => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const cookie = sessionCookie(db, (await createAdmin(db)).id, { steppedUp: true });
    const response = await app.inject({ url: `${EXPORT}?${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      errorCode: 'export.invalidFilter',
      message: `The export's filters are not valid: ${sentence}`,
    });
    await app.close();
  });

  it('says it in Somali, and still serves the longest query a page can send', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const cookie = sessionCookie(db, (await createAdmin(db)).id, { steppedUp: true });
    const somali = await app.inject({
      url: `${EXPORT}?${'z=1&'.repeat(20_000)}`,
      headers: { cookie, 'accept-language': 'so' },
    });
    expect(somali.statusCode).toBe(400);
    expect(somali.json().error.message).toBe(
      'Shaandhaynta soo dejinta sax ma aha: Shaandhaynta aad bay u dheer yihiin: shaandhayn kasta waa ugu badnaan 100 xaraf, hal mar la bixiyo.',
    );
    // Every filter at its longest, in letters that percent-encode to six characters each.
    const longest = new URLSearchParams({
      from: '2026-11-01',
      to: '2026-11-30',
      actorId: crypto.randomUUID(),
      action: 'ş'.repeat(60),
      tableName: 'ş'.repeat(60),
      recordId: 'ş'.repeat(100),
    }).toString();
    expect(longest.length).toBeLessThanOrEqual(AUDIT_LOG_QUERY_MAX_CHARS);
    const served = await app.inject({ url: `${EXPORT}?${longest}`, headers: { cookie } });
    expect(served.statusCode, served.body).toBe(200);
    await app.close();
  });
});
