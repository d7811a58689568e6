import { claimInput } from '@shared/schemas/voter-roll';
import type { EnrollmentStatus } from '@shared/voter-roll';
import { consume } from '../../auth/rate-limits';
import { DomainError } from '../../errors/domain-error';
import { cardStatusByBirthDate } from '../voter-roll/card-status';
import { maskCardNumber } from '../voter-roll/masking';
import { enrollmentStatus } from '../voter-roll/status';
import { con, end, type Menu, type Screen, say, unknownChoice } from './screens';

/** "31121990", as a keypad types a date of birth, to the roll's "1990-12-31"; null when it is not 8 digits. */
function isoDate(typed: string): string | null {
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(typed.trim());
  return digits ? `${digits[3]}-${digits[2]}-${digits[1]}` : null;
}

function statusLine(menu: Menu, status: EnrollmentStatus, region?: string | null, district?: string | null) {
  const place = [region, district].filter(Boolean).join(', ');
  return {
    status: say(menu, `ussd.registration.status.${status}`),
    place: place ? ` ${place}.` : '',
  };
}

/**
 * My registration: the roll entry of the number's account; for a number without one, a card's status by its
 * date of birth, under the same limits as a claim (per account or number, then the card's own attempts).
 */
export async function registrationScreens(menu: Menu, choices: string[]): Promise<Screen> {
  const { db, limits } = menu.deps;
  const account = menu.caller.account;
  if (account) {
    const own = enrollmentStatus(db, account.id);
    if (own.status !== 'none') {
      if (choices.length > 0) return unknownChoice(menu);
      return end(
        say(menu, 'ussd.registration.account', statusLine(menu, own.status, own.region, own.district)),
      );
    }
  }
  const [card, birth, ...extra] = choices;
  if (card === undefined) return con(say(menu, 'ussd.registration.enterCard'));
  if (birth === undefined) return con(say(menu, 'ussd.registration.enterBirth'));
  if (extra.length > 0) return unknownChoice(menu);
  const parsed = claimInput.safeParse({ voterCardNumber: card, dateOfBirth: isoDate(birth) ?? '' });
  if (!parsed.success) {
    const cardWrong = parsed.error.issues.some((issue) => issue.path[0] === 'voterCardNumber');
    return end(say(menu, cardWrong ? 'ussd.registration.badCard' : 'ussd.registration.badDate'));
  }
  try {
    // The claim's per-account points, or the number's when it has no account: one allowance for both ways in.
    await consume(
      limits.enabled,
      [[limits.claimUser, account?.id ?? `ussd:${menu.caller.phone}`]],
      'claim.tooManyAttempts',
    );
  } catch (error) {
    if (error instanceof DomainError) return end(say(menu, 'ussd.registration.tooMany'));
    throw error;
  }
  const found = cardStatusByBirthDate(db, parsed.data, account?.id ?? null, menu.now);
  if (found.outcome !== 'found') {
    return end(
      say(menu, found.outcome === 'locked' ? 'ussd.registration.locked' : 'ussd.registration.noMatch'),
    );
  }
  return end(
    say(menu, 'ussd.registration.card', {
      card: maskCardNumber(parsed.data.voterCardNumber),
      ...statusLine(menu, found.status, found.region, found.district),
    }),
  );
}
