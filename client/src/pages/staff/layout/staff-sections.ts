export { isStaffUser } from '../../../components/layout/navigation';

/** Which staff sections a caller may open (from `staff.overview()`; a System Admin holds both roles). */
export interface StaffRoles {
  registrar: boolean;
  supervisor: boolean;
}

/** The staff console's sections, in the order of the console's menu; labels are keys of the staff namespace. */
export const STAFF_SECTIONS = [
  { to: '/staff/enroll', label: 'nav.enroll', role: 'registrar' },
  { to: '/staff/review', label: 'nav.review', role: 'supervisor' },
  { to: '/staff/voters', label: 'nav.voters', role: 'supervisor' },
  { to: '/staff/statistics', label: 'nav.statistics', role: 'supervisor' },
  { to: '/staff/flags', label: 'nav.flags', role: 'supervisor' },
] as const;

export type StaffSection = (typeof STAFF_SECTIONS)[number];

export function sectionsFor(roles: StaffRoles): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => roles[section.role]);
}
