import {
  IconAddressBook,
  IconChartBar,
  IconCheckbox,
  IconChecklist,
  IconDeviceMobile,
  IconHistory,
  IconIdBadge2,
  IconLayoutDashboard,
  IconPhoto,
  IconReplace,
  IconSettings,
  IconUserCheck,
  IconUsers,
  IconWriting,
} from '@tabler/icons-react';

/**
 * The admin sidebar (docs/product.md#admin-console), in the order an administrator works. Labels are
 * keys of the admin texts, translated where the links are drawn.
 */
export const ADMIN_LINKS = [
  { label: 'links.dashboard', to: '/admin', icon: IconLayoutDashboard, exact: true },
  { label: 'links.elections', to: '/admin/elections', icon: IconCheckbox },
  { label: 'links.candidates', to: '/admin/candidates', icon: IconUserCheck },
  { label: 'links.electionResults', to: '/admin/election-results', icon: IconChartBar },
  { label: 'links.polls', to: '/admin/polls', icon: IconWriting },
  { label: 'links.ussd', to: '/admin/ussd', icon: IconDeviceMobile },
  { label: 'links.users', to: '/admin/users', icon: IconUsers },
  { label: 'links.voterRoll', to: '/admin/voter-roll', icon: IconIdBadge2 },
  { label: 'links.approvals', to: '/admin/approvals', icon: IconChecklist },
  { label: 'links.memberPhotos', to: '/admin/data-tools/member-photos', icon: IconPhoto },
  { label: 'links.photoJobs', to: '/admin/data-tools/photo-jobs', icon: IconReplace },
  { label: 'links.nameAliases', to: '/admin/data-tools/name-aliases', icon: IconAddressBook },
  { label: 'links.settings', to: '/admin/settings', icon: IconSettings },
  { label: 'links.auditLog', to: '/admin/audit', icon: IconHistory },
] as const;

export function isAdminLinkActive(pathname: string, link: { to: string; exact?: boolean }): boolean {
  if ('exact' in link && link.exact) return pathname === link.to || pathname === `${link.to}/`;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
