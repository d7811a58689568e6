// The console's forms and modals use every Mantine style, the public sheet before the rest's.
import '../styles/mantine-public.css';
import '../styles/mantine-other.css';
import { PageLoader } from '../components/PageLoader';
import { loadNamespaces } from '../i18n';
import { routeComponent } from '../lib/route-component';
import { AdminLayout } from '../pages/admin/layout/AdminLayout';
import { ErrorPage } from '../pages/error.page';

/** The admin console has its own frame, rendered in the browser only, and loads only when an admin opens it. */
function AdminFrame() {
  return <AdminLayout />;
}

export async function clientLoader() {
  // The authenticator setup an admin may be asked for first (TwoFactorRequired) is the account's.
  await loadNamespaces('admin', 'errors', 'account');
  return null;
}
clientLoader.hydrate = true as const;

export { ErrorPage as ErrorBoundary, PageLoader as HydrateFallback };

export default routeComponent(AdminFrame);
