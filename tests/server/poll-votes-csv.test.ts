import { spreadsheetSafe } from '@server/http/poll-votes-csv';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, stepUpOverHttp, trpcBody } from '../helpers/app';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';
import { createPoll, createVoters, insertPollVote } from '../helpers/poll-factories';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function cookieFor(app: TestApp, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { 'content-type': 'application/json', ...sameOrigin },
    payload: trpcBody({ email: user.email, password: user.password }),
  });
  return sessionCookieFrom(response.headers['set-cookie']);
}

/** A System Admin signed in and stepped up over HTTP, as the browser does before a download. */
async function adminCookieFor(app: TestApp, user: TestUser): Promise<string> {
  const cookie = await cookieFor(app, user);
  await stepUpOverHttp(app, cookie, user.password);
  return cookie;
}

describe('GET /api/admin/polls/:id/votes.csv', () => {
  it('downloads every vote as CSV with escaped formula cells, for an admin', async () => {
    const { app, db } = await buildTestApp();
    const { poll, candidates } = createPoll(db, {
      monthYear: '2026-11',
      candidateNames: ['=HYPERLINK("http://evil.example","x")', 'Hodan, "Xamar" Cali', '-2+3', '@SUM(A1)'],
    });
    const voters = createVoters(db, 4);
    const votes = voters.map((userId, index) =>
      insertPollVote(db, {
        pollId: poll.id,
        userId,
        candidateId: candidates[index]?.id ?? '',
        at: new Date(Date.UTC(2026, 10, 2, index)),
        channel: index === 1 ? 'ussd' : 'web',
      }),
    );
    const response = await app.inject({
      url: `/api/admin/polls/${poll.id}/votes.csv`,
      headers: { cookie: await adminCookieFor(app, await createAdmin(db)) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="poll-votes-2026-11-presidential.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(response.body, { bom: true });
    expect(rows[0]).toEqual(['Vote ID', 'User ID', 'Candidate', 'Time', 'IP Hash', 'Channel']);
    expect(rows.slice(1).map((row) => row[2])).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      'Hodan, "Xamar" Cali',
      "'-2+3",
      "'@SUM(A1)",
    ]);
    expect(rows[1]).toEqual([votes[0]?.id, voters[0], rows[1]?.[2], '2026-11-02T00:00:00.000Z', '', 'web']);
    // Each vote says how it came: the web or a USSD session.
    expect(rows.slice(1).map((row) => row[5])).toEqual(['web', 'ussd', 'web', 'web']);
    await app.close();
  });

  it('answers 401 without a session, 403 for a citizen, 400 for a bad id and 404 for an unknown poll', async () => {
    const { app, db } = await buildTestApp();
    const { poll } = createPoll(db);
    const url = `/api/admin/polls/${poll.id}/votes.csv`;
    const visitor = await app.inject({ url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message: 'Please sign in as admin to export votes.',
        errorCode: 'export.signIn',
        params: {},
      },
    });
    const citizen = await app.inject({
      url,
      headers: { cookie: await cookieFor(app, await createUser(db)) },
    });
    expect(citizen.statusCode).toBe(403);
    expect(citizen.json().error.code).toBe('FORBIDDEN');
    expect(citizen.body).not.toContain('Vote ID');
    const admin = await createAdmin(db);
    const stolenCookie = await cookieFor(app, admin);
    const stolen = await app.inject({ url, headers: { cookie: stolenCookie } });
    expect(stolen.statusCode).toBe(428);
    expect(stolen.json()).toEqual({
      error: {
        code: 'PRECONDITION_REQUIRED',
        message: 'Please confirm your password to continue.',
        errorCode: 'stepUp.required',
        params: {},
        stepUpRequired: true,
      },
    });
    expect(stolen.body).not.toContain('Vote ID');
    const adminCookie = await adminCookieFor(app, admin);
    const badId = await app.inject({
      url: '/api/admin/polls/not-a-poll/votes.csv',
      headers: { cookie: adminCookie },
    });
    expect(badId.statusCode).toBe(400);
    const unknown = await app.inject({
      url: `/api/admin/polls/${crypto.randomUUID()}/votes.csv`,
      headers: { cookie: adminCookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const forged = await app.inject({ url, headers: { cookie: 'codka_session=forged.token' } });
    expect(forged.statusCode).toBe(401);
    await app.close();
  });

  it('gives a poll without votes just the header row', async () => {
    const { app, db } = await buildTestApp();
    const { poll } = createPoll(db);
    const response = await app.inject({
      url: `/api/admin/polls/${poll.id}/votes.csv`,
      headers: { cookie: await adminCookieFor(app, await createAdmin(db)) },
    });
    expect(parse(response.body, { bom: true })).toEqual([
      ['Vote ID', 'User ID', 'Candidate', 'Time', 'IP Hash', 'Channel'],
    ]);
    await app.close();
  });
});

describe('spreadsheetSafe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@A1', "'@A1"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Amina', 'Amina'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(spreadsheetSafe(input)).toBe(expected);
  });
});
