import type { MessageLanguage } from '@shared/i18n/error-messages';
import { USSD_KEYS, USSD_TEXT_MAX } from '@shared/ussd';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { readPhoneNumber } from '../../auth/phone-numbers';
import { consume } from '../../auth/rate-limits';
import { preparedOnce } from '../../db/prepared';
import { profiles, users } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { phoneNumberHash } from '../phone-hash';
import { phoneText } from '../phone-texts';
import { centreScreens, resultScreens } from './places';
import { pollScreens } from './poll';
import { registrationScreens } from './registration';
import { con, end, type Menu, type Screen, say, type UssdDeps, unknownChoice } from './screens';
import { sessionBelongsTo } from './sessions';

/** A gateway's request as its form fields arrived: anything may be missing or of the wrong type. */
export interface UssdRequest {
  sessionId?: unknown;
  phoneNumber?: unknown;
  text?: unknown;
}

export interface UssdOptions {
  /** The address the request came from (the gateway's, or the admin's for the simulator). */
  ip: string;
  /** The staff simulator: its sessions are kept apart from the gateway's and a vote is never saved. */
  simulated?: boolean;
  /** Told when a vote was recorded. */
  onVote?: () => void;
  now?: Date;
}

const SESSION_ID_MAX = 100;
/** Gateways' session ids are visible ASCII; anything else is no gateway's and is never stored. */
const SESSION_ID = /^[\x21-\x7e]+$/;
const PHONE_NUMBER_MAX = 32;

/** The account whose confirmed number this is: a number waiting for its code belongs to nobody yet. */
const accountOfNumber = preparedOnce((db) =>
  db
    .select({ id: users.id, isActive: profiles.isActive })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.phone, sql.placeholder('phone')), isNotNull(users.phoneConfirmedAt)))
    .prepare(),
);

/** Somali first: each 9 on the first screen switches the language, so "9*1" is the poll in English. */
function languageAndChoices(choices: string[]): { language: MessageLanguage; rest: string[] } {
  let language: MessageLanguage = 'so';
  let index = 0;
  while (choices[index] === USSD_KEYS.language) {
    language = language === 'so' ? 'en' : 'so';
    index += 1;
  }
  return { language, rest: choices.slice(index) };
}

const answer = (screen: Screen) => `${screen.end ? 'END' : 'CON'} ${screen.text}`;

/**
 * One answer of the USSD menu (docs/product.md#ussd), "CON ..." or "END ...", never longer than a screen. Every
 * refusal (a text no phone sends, a number not allowed, a session id opened by another number, too many
 * requests) is a short END sentence in the reader's language; a failure is logged and answered the same way.
 */
export async function answerUssd(
  deps: UssdDeps,
  request: UssdRequest,
  options: UssdOptions,
): Promise<string> {
  const text = typeof request.text === 'string' ? request.text : '';
  // Cut before it is split: a 10 KB text costs one slice, not thousands of choices.
  const { language, rest } = languageAndChoices(text.slice(0, USSD_TEXT_MAX + 1).split('*'));
  const refuse = (key: Parameters<typeof phoneText>[1]) => answer(end(phoneText(language, key)));
  if (text.length > USSD_TEXT_MAX) return refuse('ussd.tooLong');
  const { sessionId, phoneNumber } = request;
  if (
    typeof sessionId !== 'string' ||
    sessionId.length > SESSION_ID_MAX ||
    !SESSION_ID.test(sessionId) ||
    typeof phoneNumber !== 'string' ||
    phoneNumber.length > PHONE_NUMBER_MAX
  ) {
    return refuse('ussd.badRequest');
  }
  try {
    let phone: string;
    try {
      phone = readPhoneNumber(phoneNumber, deps.env.PHONE_COUNTRIES);
    } catch (error) {
      if (error instanceof DomainError) return refuse('ussd.badNumber');
      throw error;
    }
    try {
      // The code is never shown: the screen says it in its own words.
      await consume(deps.limits.enabled, [[deps.limits.ussdNumber, phone]], 'limit.pollVotes');
    } catch (error) {
      if (error instanceof DomainError) return refuse('ussd.tooMany');
      throw error;
    }
    const now = options.now ?? new Date();
    const phoneHash = phoneNumberHash(deps.db, phone);
    const session = options.simulated ? `simulator:${sessionId}` : `gateway:${sessionId}`;
    if (!sessionBelongsTo(deps.db, session, phoneHash, now)) return refuse('ussd.sessionNumber');
    const account = accountOfNumber(deps.db).get({ phone }) ?? null;
    const menu: Menu = {
      deps,
      caller: {
        phone,
        phoneHash,
        account: account && { id: account.id, isActive: account.isActive !== false },
      },
      language,
      ip: options.ip,
      simulated: options.simulated === true,
      onVote: options.onVote ?? (() => {}),
      now,
    };
    return answer(await screenFor(menu, rest));
  } catch (error) {
    deps.log.error({ err: error }, 'USSD answer failed');
    return refuse('ussd.failed');
  }
}

async function screenFor(menu: Menu, choices: string[]): Promise<Screen> {
  const [section, ...rest] = choices;
  // The gateway's first request has an empty text: the first screen.
  if (section === undefined || (section === '' && choices.length === 1)) return con(say(menu, 'ussd.menu'));
  const closed = menu.caller.account?.isActive === false;
  switch (section) {
    case USSD_KEYS.poll:
      return closed ? end(say(menu, 'ussd.poll.accountClosed')) : pollScreens(menu, rest);
    case USSD_KEYS.registration:
      return closed ? end(say(menu, 'ussd.poll.accountClosed')) : registrationScreens(menu, rest);
    case USSD_KEYS.centres:
      return centreScreens(menu, rest);
    case USSD_KEYS.results:
      return resultScreens(menu, rest);
    default:
      return unknownChoice(menu);
  }
}
