import { describe, expect, it } from 'vitest';
import { encodeInput, worldApp } from '../../helpers/security/http';
import { sessionCookie } from '../../helpers/security/world';
import { enableTwoFactor } from '../../helpers/security/world-extras';

type App = Awaited<ReturnType<typeof worldApp>>;

function read(test: App, path: string, input: unknown, cookie: string) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(encodeInput(input))}`;
  return test.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers: { cookie } });
}

/** What each public read answers about the world's draft election and draft poll, for this cookie. */
async function draftsSeen(test: App, cookie: string) {
  const { elections, polls } = test.world;
  const election = await read(test, 'elections.byId', { id: elections.draftId }, cookie);
  const poll = await read(test, 'polls.byId', { id: polls.draftId }, cookie);
  const list = await read(test, 'polls.list', undefined, cookie);
  return {
    election: election.statusCode,
    poll: poll.statusCode,
    listed: list.body.includes(polls.draftId),
  };
}

/**
 * STAFF_TWO_FACTOR=required (OWASP ASVS V2.1): a System Admin's password alone opens no staff tool, and must not
 * show what only staff see in the public reads either (draft elections and polls, exact results).
 */
describe('attack: an admin password without an authenticator reads drafts under STAFF_TWO_FACTOR=required', () => {
  it('a stepped-up admin session with no authenticator sees no draft election or poll, like a citizen', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    const admin = sessionCookie(test.db, test.world.users.admin.id, { steppedUp: true });
    const seen = await draftsSeen(test, admin);
    expect(seen).toEqual(await draftsSeen(test, test.citizenCookie));
    expect(seen.listed).toBe(false);
    expect(seen.election).toBe(404);
    await test.app.close();
  });

  it('the same admin with an authenticator turned on sees the drafts', async () => {
    const test = await worldApp({ STAFF_TWO_FACTOR: 'required' });
    await enableTwoFactor(test.db, test.world.users.admin);
    const admin = sessionCookie(test.db, test.world.users.admin.id, { steppedUp: true });
    expect(await draftsSeen(test, admin)).toEqual({ election: 200, poll: 200, listed: true });
    await test.app.close();
  });

  it('with STAFF_TWO_FACTOR off, an admin without an authenticator sees the drafts', async () => {
    const test = await worldApp();
    expect(await draftsSeen(test, test.adminCookie)).toEqual({ election: 200, poll: 200, listed: true });
    await test.app.close();
  });
});
