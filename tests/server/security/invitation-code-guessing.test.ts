import { staffInvitations, users } from '@server/db/schema';
import { INVITATION_CODE_TRIES } from '@server/services/invitations/accept';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createTestDb } from '../../helpers/db';
import { uniqueEmail } from '../../helpers/factories';
import { sentInvitation } from '../../helpers/invitations';
import { uniquePhone } from '../../helpers/phone';
import { reportFigures } from '../../helpers/security/figures';
import { askOverHttp, tally } from '../../helpers/sms-http';

/**
 * Attack: guessing an SMS invitation's 6-digit code (a million values) from many addresses: a botnet, or one
 * client writing a new X-Forwarded-For on every request, with no proxy trusted and with the deployment's
 * TRUST_PROXY=127.0.0.1 (deploy/codka.env: Caddy or nginx on the same host, whose header is then believed).
 * Whatever address each guess seems to come from, the number's limit (5 wrong codes in 10 minutes) and the
 * invitation's own count (5 wrong codes end it) hold: exactly five guesses reach the code, and after them even
 * the right code is refused, in this process and after a restart (which forgets the in-memory limits).
 */
const GUESSES = 50;
const figures: Record<string, unknown> = {};
afterAll(() => {
  reportFigures(
    'invitation-code-guessing',
    `invitation codes: ${GUESSES} guesses from ${GUESSES} addresses per setting, ${INVITATION_CODE_TRIES} reached the code in each`,
    figures,
  );
});

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});
async function appOn(db: ReturnType<typeof createTestDb>, env: Record<string, string>) {
  const test = await buildTestApp({ db, env });
  opened.push(test);
  return test;
}

const wrongCode = (code: string, index: number) =>
  String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');

/** How the i-th guess reaches the app in each setting: its socket address and the header it carries. */
const SETTINGS = [
  {
    name: 'no proxy trusted (a botnet, each guess also forging X-Forwarded-For)',
    env: {},
    from: (index: number) => ({
      ip: `100.64.${index}.7`,
      headers: { 'x-forwarded-for': `203.0.113.${index}` },
    }),
  },
  {
    name: 'behind the deployment’s proxy (TRUST_PROXY=127.0.0.1), each guess from another address',
    env: { TRUST_PROXY: '127.0.0.1' },
    // The proxy appends the address it saw; whatever the client wrote before it is never believed.
    from: (index: number) => ({
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': `10.0.0.${index}, 100.64.${index}.9` },
    }),
  },
] as const;

describe.each(SETTINGS)('an invitation code guessed from 50 addresses, $name', ({ name, env, from }) => {
  it('lets exactly five guesses reach the code; after them the right one is refused, even after a restart', async () => {
    const db = createTestDb();
    const test = await appOn(db, env);
    const phone = uniquePhone();
    const { id, code } = sentInvitation(db, { phone });
    const input = (guess: string) => ({ phone, code: guess, newPassword: 'a staff secret 7' });

    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, index) =>
        askOverHttp(test.app, 'auth.acceptInvitation', input(wrongCode(code, index)), from(index)),
      ),
    );
    const counts = tally(answers);
    const row = () => db.select().from(staffInvitations).where(eq(staffInvitations.id, id)).get();
    const reached = row()?.wrongTries ?? 0;
    figures[name] = { guesses: GUESSES, reachedTheCode: reached, answers: counts };
    expect(reached).toBe(INVITATION_CODE_TRIES);
    // The guesses that reached the code were told it was wrong; the rest met the number's limit.
    const { 'limit.wrongSmsCodes': limited, ...checked } = counts;
    expect(limited).toBe(GUESSES - INVITATION_CODE_TRIES);
    expect(
      Object.keys(checked).every((key) => ['invitation.codeWrong', 'invitation.tooManyTries'].includes(key)),
    ).toBe(true);
    expect(Object.values(checked).reduce((sum, n) => sum + n, 0)).toBe(INVITATION_CODE_TRIES);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);

    // The right code, from yet another address: the number's limit refuses it first.
    const right = await askOverHttp(test.app, 'auth.acceptInvitation', input(code), from(GUESSES + 1));
    expect(tally([right])).toEqual({ 'limit.wrongSmsCodes': 1 });
    expect(right.statusCode).toBe(429);

    // A restart forgets the in-memory limits (as ten minutes would); the invitation's count is in the database.
    const restarted = await appOn(db, env);
    const after = await askOverHttp(restarted.app, 'auth.acceptInvitation', input(code), from(GUESSES + 2));
    expect(tally([after])).toEqual({ 'invitation.tooManyTries': 1 });
    expect(db.select().from(users).where(eq(users.phone, phone)).all()).toEqual([]);
    expect(row()?.status).toBe('pending');
  });
});

describe('an invitation link guessed from many addresses', () => {
  it('counts a client’s forged X-Forwarded-For as its real address when no proxy is trusted', async () => {
    const db = createTestDb();
    const test = await appOn(db, {});
    const { id } = sentInvitation(db, { email: uniqueEmail('guessed-link') });
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, index) =>
        askOverHttp(
          test.app,
          'auth.acceptInvitation',
          { token: `${id}.${String(index).padStart(24, 'a')}`, newPassword: 'a staff secret 7' },
          { ip: '100.64.200.1', headers: { 'x-forwarded-for': `203.0.113.${index}` } },
        ),
      ),
    );
    const counts = tally(answers);
    figures['links from one address forging X-Forwarded-For'] = { guesses: GUESSES, answers: counts };
    expect(counts).toEqual({ 'invitation.linkInvalid': 30, 'limit.invitations': GUESSES - 30 });
  });

  it('behind the proxy, lets each new address try, and none of them opens the invitation', async () => {
    const db = createTestDb();
    const test = await appOn(db, { TRUST_PROXY: '127.0.0.1' });
    const email = uniqueEmail('guessed-link');
    const { id } = sentInvitation(db, { email });
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, index) =>
        askOverHttp(
          test.app,
          'auth.acceptInvitation',
          { token: `${id}.${String(index).padStart(24, 'a')}`, newPassword: 'a staff secret 7' },
          { ip: '127.0.0.1', headers: { 'x-forwarded-for': `100.64.${index}.9` } },
        ),
      ),
    );
    const counts = tally(answers);
    // The per-address limit cannot stop a botnet; the link's 120-bit secret does (2^120 guesses on average).
    figures['links from 50 real addresses'] = { guesses: GUESSES, answers: counts };
    expect(counts).toEqual({ 'invitation.linkInvalid': GUESSES });
    expect(db.select().from(users).where(eq(users.email, email)).all()).toEqual([]);
  });
});
