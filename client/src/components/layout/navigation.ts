/** SPEC §2: the desktop bar's links, in order. */
export const DESKTOP_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Elections', to: '/elections' },
  { label: 'Parliament', to: '/parliament-members' },
  { label: 'Senators', to: '/senators' },
  { label: 'Secure Online Voting', to: '/voting' },
  { label: 'Regional Coverage', to: '/regions' },
  { label: 'Opinion Polls', to: '/polls/presidential/history' },
] as const;

/** SPEC §2: the drawer on small screens has its own list. */
export const DRAWER_LINKS = [
  { label: 'Elections', to: '/elections' },
  { label: 'Parliament Members', to: '/parliament-members' },
  { label: 'Senators', to: '/senators' },
  { label: 'Regional Coverage', to: '/regions' },
  { label: 'Opinion Polls', to: '/polls/presidential/history' },
  { label: 'Secure Online Voting', to: '/voting' },
  { label: 'Transparent Process', to: '/transparent-process' },
  { label: 'Verified Results', to: '/verified-results' },
  { label: 'About', to: '/about' },
] as const;

export const ONLINE_VOTING_PATH = '/polls/presidential/history';

export const FOOTER_LINKS = [
  { label: 'Elections', to: '/elections' },
  { label: 'Parliament Members', to: '/parliament-members' },
  { label: 'Senators', to: '/senators' },
  { label: 'Federal Member States', to: '/federal-states' },
  { label: 'Opinion Polls', to: '/polls/presidential/history' },
  { label: 'Verified Results', to: '/verified-results' },
  { label: 'Verify a Receipt', to: '/verify' },
  { label: 'About', to: '/about' },
  { label: 'Help', to: '/help' },
] as const;

/** A link is active on its own path and below it; Home only on "/". */
export function isActivePath(current: string, to: string): boolean {
  if (to === '/') return current === '/';
  return current === to || current.startsWith(`${to}/`);
}
