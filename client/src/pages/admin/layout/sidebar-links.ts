import {
  IconAddressBook,
  IconChartBar,
  IconCheckbox,
  IconHistory,
  IconLayoutDashboard,
  IconPhoto,
  IconReplace,
  IconSettings,
  IconUserCheck,
  IconUsers,
  IconWriting,
} from '@tabler/icons-react';

/** The admin sidebar (SPEC §2 and the admin console issue), in the order an administrator works. */
export const ADMIN_LINKS = [
  { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard, exact: true },
  { label: 'Elections', to: '/admin/elections', icon: IconCheckbox },
  { label: 'Candidates', to: '/admin/candidates', icon: IconUserCheck },
  { label: 'Election Results', to: '/admin/election-results', icon: IconChartBar },
  { label: 'Polls', to: '/admin/polls', icon: IconWriting },
  { label: 'Users', to: '/admin/users', icon: IconUsers },
  { label: 'Member Photos', to: '/admin/data-tools/member-photos', icon: IconPhoto },
  { label: 'Photo Jobs', to: '/admin/data-tools/photo-jobs', icon: IconReplace },
  { label: 'Name Aliases', to: '/admin/data-tools/name-aliases', icon: IconAddressBook },
  { label: 'Settings', to: '/admin/settings', icon: IconSettings },
  { label: 'Audit Log', to: '/admin/audit', icon: IconHistory },
] as const;

export function isAdminLinkActive(pathname: string, link: { to: string; exact?: boolean }): boolean {
  if ('exact' in link && link.exact) return pathname === link.to || pathname === `${link.to}/`;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
