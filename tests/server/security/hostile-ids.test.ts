import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput, errorMessage, looksInternal, worldApp } from '../../helpers/security/http';
import { MISSING_ID } from '../../helpers/security/procedure-cases';
import type { World } from '../../helpers/security/world';

/**
 * Well-formed inputs that name the wrong rows: another election's candidate, a draft, a closed poll, another
 * citizen's receipt, an id from a different table, the last admin. Each is refused with its own sentence
 * (or, for a receipt, answered without the choice or the voter) and changes nothing.
 */
type Case = [
  label: string,
  as: 'citizen' | 'admin',
  path: string,
  input: (w: World) => unknown,
  status: number,
];

const CASES: Case[] = [
  [
    'a vote for another election’s candidate',
    'citizen',
    'votes.cast',
    (w) => ({ electionId: w.elections.activeId, candidateId: w.elections.closedCandidateId }),
    400,
  ],
  [
    'a vote in a draft election',
    'citizen',
    'votes.cast',
    (w) => ({ electionId: w.elections.draftId, candidateId: w.elections.draftCandidateId }),
    412,
  ],
  [
    'a vote in a closed election',
    'citizen',
    'votes.cast',
    (w) => ({ electionId: w.elections.closedId, candidateId: w.elections.closedCandidateId }),
    412,
  ],
  [
    'a vote naming a poll as the election',
    'citizen',
    'votes.cast',
    (w) => ({ electionId: w.polls.openId, candidateId: w.polls.openCandidateId }),
    404,
  ],
  [
    'a vote in an election that does not exist',
    'citizen',
    'votes.cast',
    (w) => ({ electionId: MISSING_ID, candidateId: w.elections.activeCandidateId }),
    404,
  ],
  [
    'a poll vote for another poll’s candidate',
    'citizen',
    'polls.vote',
    (w) => ({ pollId: w.polls.openId, candidateId: w.polls.closedCandidateId }),
    400,
  ],
  [
    'a poll vote in a draft poll',
    'citizen',
    'polls.vote',
    (w) => ({ pollId: w.polls.draftId, candidateId: w.polls.openCandidateId }),
    404,
  ],
  [
    'a poll vote in a closed poll',
    'citizen',
    'polls.vote',
    (w) => ({ pollId: w.polls.closedId, candidateId: w.polls.closedCandidateId }),
    412,
  ],
  [
    'a poll vote naming an election as the poll',
    'citizen',
    'polls.vote',
    (w) => ({ pollId: w.elections.activeId, candidateId: w.elections.activeCandidateId }),
    404,
  ],
  ['a draft election’s page', 'citizen', 'elections.byId', (w) => ({ id: w.elections.draftId }), 404],
  ['a draft election’s results', 'citizen', 'elections.results', (w) => ({ id: w.elections.draftId }), 404],
  ['a draft poll', 'citizen', 'polls.byId', (w) => ({ id: w.polls.draftId }), 404],
  ['a draft poll’s results', 'citizen', 'polls.results', (w) => ({ pollId: w.polls.draftId }), 404],
  [
    'an open poll’s results before voting',
    'citizen',
    'polls.results',
    (w) => ({ pollId: w.polls.openId }),
    403,
  ],
  [
    'another citizen signing in as a deactivated account',
    'citizen',
    'auth.signIn',
    (w) => ({ email: w.users.deactivated.email, password: w.users.deactivated.password }),
    403,
  ],
  [
    'a verification link with a wrong secret',
    'citizen',
    'auth.verifyEmail',
    (w) => ({ token: `${w.verificationToken.split('.')[0]}.${'b'.repeat(24)}` }),
    400,
  ],
  [
    'a user id where a profile id belongs',
    'admin',
    'admin.users.update',
    (w) => ({ id: w.users.citizen.id, fullName: 'X', phone: null, role: null, isActive: true }),
    404,
  ],
  [
    'deactivating the last System Admin',
    'admin',
    'admin.users.setActive',
    (w) => ({ id: w.users.admin.profileId, isActive: false }),
    412,
  ],
  [
    'demoting the last System Admin',
    'admin',
    'admin.users.update',
    (w) => ({ id: w.users.admin.profileId, fullName: 'X', phone: null, role: null, isActive: true }),
    412,
  ],
  [
    'deleting an election that has votes',
    'admin',
    'admin.elections.delete',
    (w) => ({ id: w.elections.closedId }),
    409,
  ],
  [
    'deleting a candidate who has votes',
    'admin',
    'admin.candidates.delete',
    (w) => ({ id: w.elections.closedCandidateId }),
    409,
  ],
  [
    'a center in an election instead of a district',
    'admin',
    'admin.centers.create',
    (w) => ({ name: 'C', code: 'RC-X', districtId: w.elections.activeId }),
    400,
  ],
  [
    'a candidate for a poll instead of an election',
    'admin',
    'admin.candidates.create',
    (w) => ({ electionId: w.polls.openId, name: 'C' }),
    400,
  ],
  [
    'a candidate added to a closed poll',
    'admin',
    'polls.addCandidate',
    (w) => ({ pollId: w.polls.closedId, name: 'C' }),
    412,
  ],
  ['publishing an open poll', 'admin', 'polls.publish', (w) => ({ id: w.polls.openId }), 412],
  ['closing a draft poll', 'admin', 'polls.close', (w) => ({ id: w.polls.draftId }), 412],
  [
    'editing a poll as if it were an election',
    'admin',
    'admin.elections.update',
    (w) => ({ id: w.polls.openId, title: 'T', startTime: new Date(1), endTime: new Date(2) }),
    404,
  ],
];

let test: Awaited<ReturnType<typeof worldApp>>;
let before: Map<string, string>;

beforeAll(async () => {
  test = await worldApp();
  before = snapshot(test.db);
});
afterAll(async () => {
  await test.app.close();
  reportFigures(
    'hostile-ids',
    `ids of other rows: ${CASES.length + 3} cases refused or answered without a secret`,
    {
      cases: CASES.length + 3,
    },
  );
});

describe('ids that name the wrong rows', () => {
  it.each(CASES)(
    'refuses %s (as %s, %s) with %i and changes nothing',
    async (label, as, path, input, status) => {
      const cookie = as === 'admin' ? test.adminCookie : test.citizenCookie;
      const body = encodeInput(input(test.world));
      const query = path.startsWith('elections.') || path.endsWith('.byId') || path === 'polls.results';
      const response = await test.app.inject(
        query
          ? { method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(body)}`, headers: { cookie } }
          : {
              method: 'POST',
              url: `/trpc/${path}`,
              headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
              payload: body,
            },
      );
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
      const message = errorMessage(response.body) ?? '';
      expect(message).toMatch(/^[A-Z].{8,}/);
      expect(looksInternal(message)).toBe(false);
      expect(changedTables(before, snapshot(test.db))).toEqual([]);
    },
  );

  it('answers another citizen’s receipt with its election and time only: never the choice or the voter', async () => {
    const input = encodeURIComponent(encodeInput({ receiptId: test.world.elections.receiptId }));
    const response = await test.app.inject({
      method: 'GET',
      url: `/trpc/votes.verifyReceipt?input=${input}`,
      headers: { cookie: test.citizenCookie },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().result.data.json as Record<string, unknown>;
    // `record`: the election's public root once its record is out (the same for every reader), or null.
    expect(Object.keys(data).sort()).toEqual([
      'electionId',
      'electionTitle',
      'electionTitleText',
      'receiptId',
      'record',
      'recordedAt',
    ]);
    expect(response.body).not.toContain(test.world.elections.closedCandidateId);
    expect(response.body).not.toContain(test.world.users.otherCitizen.id);
  });

  it('answers a sign-up with another citizen’s email in capitals as for a new address, and changes nothing', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { ...sameOrigin, 'content-type': 'application/json', cookie: test.citizenCookie },
      payload: encodeInput({
        email: test.world.users.otherCitizen.email.toUpperCase(),
        password: 'sesame-412',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.json).toEqual({ success: true, verificationSent: true });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
  });

  it('lists only the signed-in citizen’s own votes', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/trpc/votes.mine',
      headers: { cookie: test.citizenCookie },
    });
    expect(response.json().result.data.json).toEqual([]);
    expect(changedTables(before, snapshot(test.db))).toEqual([]);
  });
});
