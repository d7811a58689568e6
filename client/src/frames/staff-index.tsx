import { routeComponent } from '../lib/route-component';
import { StaffIndex } from '../pages/staff/layout/StaffLayout';

/** The staff console's first page: the section the account may use first. */
function StaffHome() {
  return <StaffIndex />;
}

export default routeComponent(StaffHome);
