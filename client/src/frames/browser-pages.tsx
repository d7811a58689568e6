// Pages rendered in the browser are forms: every Mantine style, the public sheet before the rest's.
import '../styles/mantine-public.css';
import '../styles/mantine-other.css';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';

/**
 * Pages about the signed-in reader, and forms: the server sends the site's frame with a loader in place of the
 * page, and the browser renders the page (each page's clientLoader brings its texts).
 */
export default function BrowserPages() {
  return <Outlet />;
}

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export { PageLoader as HydrateFallback };
