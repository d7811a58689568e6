import { SiteLayout } from '../components/layout/SiteLayout';

/** The frame of the public site (header, navigation, footer) around its pages and the account's. */
export default function SiteFrame() {
  return <SiteLayout />;
}
