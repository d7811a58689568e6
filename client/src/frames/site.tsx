import { SiteLayout } from '../components/layout/SiteLayout';
import { routeComponent } from '../lib/route-component';

/** The frame of the public site (header, navigation, footer) around its pages and the account's. */
function SiteFrame() {
  return <SiteLayout />;
}

export default routeComponent(SiteFrame);
