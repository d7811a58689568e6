/**
 * A number as the server stores it (E.164, "+252615550100") written the way Somali numbers are read: the country
 * code, the two-digit network prefix, then the subscriber's digits in two groups ("+252 61 555 0100"). Numbers of
 * other countries keep their E.164 form, which every phone understands.
 */
export function formatPhoneNumber(e164: string): string {
  const somali = /^\+252(\d{2})(\d{3})(\d{3,4})$/.exec(e164);
  return somali ? `+252 ${somali[1]} ${somali[2]} ${somali[3]}` : e164;
}

/** How the site names signed-in readers to themselves (the drawer, the admin console): their e-mail, else their number. */
export function ownContact(user: { email: string | null; phone: string | null }): string {
  return user.email || (user.phone ? formatPhoneNumber(user.phone) : '');
}
