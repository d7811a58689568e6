/** docs/product.md#navigation: the desktop bar's links, in order; labels are keys of the common namespace. */
export const DESKTOP_LINKS = [
  { label: 'nav.home', to: '/' },
  { label: 'nav.elections', to: '/elections' },
  { label: 'nav.parliament', to: '/parliament-members' },
  { label: 'nav.senators', to: '/senators' },
  { label: 'nav.secureOnlineVoting', to: '/voting' },
  { label: 'nav.regionalCoverage', to: '/regions' },
  { label: 'nav.opinionPolls', to: '/polls/presidential/history' },
] as const;

/** Where a citizen takes an enrollment code (docs/product.md#registration-centers-map). */
export const REGISTRATION_CENTERS_PATH = '/registration-centers';

/** docs/product.md#navigation: the drawer on small screens has its own list. */
export const DRAWER_LINKS = [
  { label: 'nav.elections', to: '/elections' },
  { label: 'nav.parliamentMembers', to: '/parliament-members' },
  { label: 'nav.senators', to: '/senators' },
  { label: 'nav.regionalCoverage', to: '/regions' },
  { label: 'nav.opinionPolls', to: '/polls/presidential/history' },
  { label: 'nav.secureOnlineVoting', to: '/voting' },
  { label: 'nav.transparentProcess', to: '/transparent-process' },
  { label: 'nav.verifiedResults', to: '/verified-results' },
  { label: 'nav.about', to: '/about' },
  { label: 'nav.registrationCenters', to: REGISTRATION_CENTERS_PATH },
] as const;

export const ONLINE_VOTING_PATH = '/polls/presidential/history';

/** The registration staff's console (docs/product.md#staff-console), linked in the header and drawer for staff. */
export const STAFF_CONSOLE_PATH = '/staff';

/** Roles that open the staff console (a System Admin may do every staff action). */
export function isStaffUser(user: { role: string | null } | null | undefined): boolean {
  return (
    user?.role === 'Registrar' || user?.role === 'Enrollment Supervisor' || user?.role === 'System Admin'
  );
}

export const FOOTER_LINKS = [
  { label: 'nav.elections', to: '/elections' },
  { label: 'nav.parliamentMembers', to: '/parliament-members' },
  { label: 'nav.senators', to: '/senators' },
  { label: 'nav.federalMemberStates', to: '/federal-states' },
  { label: 'nav.opinionPolls', to: '/polls/presidential/history' },
  { label: 'nav.verifiedResults', to: '/verified-results' },
  { label: 'nav.verifyReceipt', to: '/verify' },
  { label: 'nav.registrationCenters', to: REGISTRATION_CENTERS_PATH },
  { label: 'nav.openData', to: '/open-data' },
  { label: 'nav.about', to: '/about' },
  { label: 'nav.help', to: '/help' },
] as const;

/** A link is active on its own path and below it; Home only on "/". */
export function isActivePath(current: string, to: string): boolean {
  if (to === '/') return current === '/';
  return current === to || current.startsWith(`${to}/`);
}
