// Mantine's styles for what public pages show beyond the landing page's (styles/mantine-styles.ts): linked in
// their HTML, so their inputs never paint unstyled and nothing jumps when the styles arrive.
import '../styles/mantine-public.css';
import { Outlet } from 'react-router';
import { routeComponent } from '../lib/route-component';

/** Public pages, rendered on the server as a visitor sees them. */
function PublicPages() {
  return <Outlet />;
}

export default routeComponent(PublicPages);
