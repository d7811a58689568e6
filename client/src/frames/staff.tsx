import { loadNamespaces } from '../i18n';
import { routeComponent } from '../lib/route-component';
import { StaffLayout } from '../pages/staff/layout/StaffLayout';

/** The registration staff's console, inside the site's frame; its sections load on demand. */
function StaffFrame() {
  return <StaffLayout />;
}

export async function clientLoader() {
  // The authenticator setup a staff account may be asked for first (TwoFactorRequired) is the account's.
  await loadNamespaces('staff', 'errors', 'account');
  return null;
}

export default routeComponent(StaffFrame);
