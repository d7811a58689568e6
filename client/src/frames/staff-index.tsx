import { StaffIndex } from '../pages/staff/layout/StaffLayout';

/** The staff console's first page: the section the account may use first. */
export default function StaffHome() {
  return <StaffIndex />;
}
