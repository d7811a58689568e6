import { sessions, users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { callerFor, type TestDeps } from './caller';

/** The password the phone citizens of these tests choose. */
export const PASSWORD = 'a good secret 1';

/** Signs up with a number as a visitor, then signs in with it: the citizen's path, as the screens will take it. */
export async function signUpByPhone(deps: TestDeps, typed: string, ip = '203.0.113.7') {
  const visitor = callerFor(deps, null, ip);
  const answer = await visitor.caller.auth.signUp({
    fullName: 'Hodan Ali',
    phone: typed,
    password: PASSWORD,
  });
  return { answer, jar: visitor.jar };
}

/** What auth.session answers the account now, read afresh (a caller's own context keeps its first read). */
export async function sessionOf(deps: TestDeps, userId: string) {
  const { caller } = callerFor(deps, { id: userId, email: '', password: '', fullName: '' });
  return (await caller.auth.session()).user;
}

export function accountOf(deps: TestDeps, phone: string) {
  return deps.db.select().from(users).where(eq(users.phone, phone)).get();
}

/** A caller signed in as the account of `phone`, through auth.signIn with the number as typed. */
export async function signedInByPhone(deps: TestDeps, typed: string, password = PASSWORD) {
  const visitor = callerFor(deps, null);
  await visitor.caller.auth.signIn({ phone: typed, password });
  const account = deps.db.select().from(sessions).all().at(-1);
  const user = deps.db
    .select()
    .from(users)
    .where(eq(users.id, account?.userId ?? ''))
    .get();
  if (!user) throw new Error('no account signed in');
  return callerFor(deps, { id: user.id, email: user.email ?? '', password, fullName: 'Hodan Ali' }).caller;
}
