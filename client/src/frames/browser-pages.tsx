// Pages rendered in the browser are forms: every Mantine style, the public sheet before the rest's.
import '../styles/mantine-public.css';
import '../styles/mantine-other.css';
import { type LoaderFunctionArgs, Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { writeBrowserPageHead } from '../lib/browser-page-heads';
import { routeComponent } from '../lib/route-component';
import { pageContext } from '../page-context';

/**
 * Pages about the signed-in reader, and forms: the server sends the site's frame with a loader in place of the
 * page, and the browser renders the page (each page's clientLoader brings its texts).
 */
function BrowserPages() {
  return <Outlet />;
}

/**
 * On the server only: the page's title, description and link-preview tags in the page's language, which the
 * page's own render (in the browser) would set too late for a crawler. Links in the browser run clientLoader.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await writeBrowserPageHead(new URL(request.url), context.get(pageContext));
  return null;
}

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export { PageLoader as HydrateFallback };

export default routeComponent(BrowserPages);
