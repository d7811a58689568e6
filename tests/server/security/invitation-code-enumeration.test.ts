import { staffInvitations } from '@server/db/schema';
import { acceptInvitation } from '@server/services/invitations/accept';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createTestDeps } from '../../helpers/caller';
import { createTestDb } from '../../helpers/db';
import { sentInvitation } from '../../helpers/invitations';
import { uniquePhone } from '../../helpers/phone';
import { reportFigures } from '../../helpers/security/figures';
import { askOverHttp, refusalCode } from '../../helpers/sms-http';

/**
 * Attack: learning which phone numbers were invited to be staff (Registrars and Supervisors are people an
 * election's losers may want to find) from the public accept procedure, by typing wrong codes for a number
 * and reading the answers. A number with a live invitation, one whose invitation was accepted or revoked, and
 * one never invited must answer alike for every wrong code, before and after the invitation's five tries are
 * spent and before and after the number's limit: only the holder of the right code learns the invitation's state.
 */
/** Wrong for every invitation of tests/helpers/invitations.ts, whose codes are 100000 to 999999. */
const WRONG = '000000';
const figures: Record<string, unknown> = {};
afterAll(() => {
  reportFigures(
    'invitation-code-enumeration',
    'invitation codes: invited and other numbers answer alike',
    figures,
  );
});

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});
async function appOn(db: ReturnType<typeof createTestDb>, env: Record<string, string> = {}) {
  const test = await buildTestApp({ db, env });
  opened.push(test);
  return test;
}

/** Four numbers: never invited, invited (live), invited and accepted, invited and revoked. */
async function numbers(db: ReturnType<typeof createTestDb>) {
  const invite = () => {
    const phone = uniquePhone();
    return { phone, code: sentInvitation(db, { phone }).code };
  };
  const accepted = invite();
  const deps = createTestDeps(db);
  const unlimited = { ...deps, limits: { ...deps.limits, enabled: false } };
  await acceptInvitation(unlimited, { ...accepted, newPassword: 'a staff secret 7' }, null, '198.51.100.1');
  const revoked = invite();
  db.update(staffInvitations)
    .set({ status: 'revoked' })
    .where(eq(staffInvitations.phone, revoked.phone))
    .run();
  return {
    'never invited': uniquePhone(),
    'invited, live': invite().phone,
    'invited, accepted': accepted.phone,
    'invited, revoked': revoked.phone,
  };
}

/** What a number answers to a wrong code: the HTTP status, the refusal and its sentence, in both languages. */
async function answersTo(test: TestApp, phone: string, times: number, from: number) {
  const seen: string[] = [];
  for (let index = 0; index < times; index += 1) {
    for (const language of ['en', 'so'] as const) {
      const answer = await askOverHttp(
        test.app,
        'auth.acceptInvitation',
        { phone, code: WRONG, newPassword: 'a staff secret 7' },
        {
          ip: `100.64.${from + index}.${language === 'en' ? 1 : 2}`,
          headers: { 'accept-language': language },
        },
      );
      seen.push(`${answer.statusCode} ${refusalCode(answer)} ${answer.json().error.json.message}`);
    }
  }
  return seen;
}

describe('wrong invitation codes for numbers invited or not', () => {
  it('answer alike, through the five tries, the number’s limit and a restart', async () => {
    const db = createTestDb();
    const test = await appOn(db);
    const byNumber = await numbers(db);
    const first: Record<string, string[]> = {};
    for (const [what, phone] of Object.entries(byNumber)) {
      // Five wrong codes (counted in pairs: each is asked in English and in Somali), then the number's limit.
      first[what] = await answersTo(test, phone, 4, 0);
    }
    const restarted = await appOn(db);
    const later: Record<string, string[]> = {};
    for (const [what, phone] of Object.entries(byNumber))
      later[what] = await answersTo(restarted, phone, 2, 50);
    figures.first = first;
    figures.later = later;
    const expected = first['never invited'];
    expect(expected?.slice(0, 5).every((line) => line.startsWith('400 invitation.codeWrong'))).toBe(true);
    expect(expected?.slice(5).every((line) => line.startsWith('429 limit.wrongSmsCodes'))).toBe(true);
    for (const what of Object.keys(byNumber)) {
      expect(first[what], what).toEqual(expected);
      expect(later[what], what).toEqual(later['never invited']);
    }
  });

  it('tell the state only to the right code: a spent invitation says so to its own code', async () => {
    const db = createTestDb();
    const test = await appOn(db);
    const phone = uniquePhone();
    const { code } = sentInvitation(db, { phone });
    expect(await answersTo(test, phone, 2, 0)).toHaveLength(4);
    await answersTo(test, phone, 1, 10);
    // Five wrong codes spent the invitation (and the number's limit): after the limit's window, the right code
    // learns why it does not work; a wrong one is told only that it is wrong.
    const restarted = await appOn(db);
    const right = await askOverHttp(restarted.app, 'auth.acceptInvitation', {
      phone,
      code,
      newPassword: 'a staff secret 7',
    });
    expect(refusalCode(right)).toBe('invitation.tooManyTries');
    expect(right.statusCode).toBe(409);
    const wrong = await askOverHttp(restarted.app, 'auth.acceptInvitation', {
      phone,
      code: WRONG,
      newPassword: 'a staff secret 7',
    });
    expect(refusalCode(wrong)).toBe('invitation.codeWrong');
  });

  it('take about as long for a number never invited as for a spent invitation (figures)', async () => {
    const db = createTestDb();
    const test = await appOn(db, { RATE_LIMITS: 'false' });
    const invited = uniquePhone();
    sentInvitation(db, { phone: invited });
    const never = uniquePhone();
    const timeOf = async (phone: string) => {
      const started = performance.now();
      const answer = await askOverHttp(test.app, 'auth.acceptInvitation', {
        phone,
        code: WRONG,
        newPassword: 'a staff secret 7',
      });
      expect(refusalCode(answer)).toBe('invitation.codeWrong');
      return performance.now() - started;
    };
    // The five tries that write a count are the only ones an invited number answers differently in time, and
    // the number's limit lets a guesser make five tries in ten minutes: too few to measure a write.
    for (let index = 0; index < 5; index += 1) await timeOf(invited);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const samples: Record<string, number[]> = { invited: [], never: [] };
    for (let index = 0; index < 100; index += 1) {
      samples.invited?.push(await timeOf(invited));
      samples.never?.push(await timeOf(never));
    }
    figures.medianMs = { invited: median(samples.invited ?? []), never: median(samples.never ?? []) };
    expect(samples.invited).toHaveLength(100);
  });
});
