import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/layout/SiteLayout';
import { PageLoader } from './components/PageLoader';
import { withTexts } from './i18n';
import type { DataAccess } from './lib/page-data';
import { type PageHandle, page } from './lib/route';
import { adminRoutes } from './pages/admin/admin-routes';
import { ErrorPage } from './pages/error.page';
import { staffRoutes } from './pages/staff/staff-routes';
import { allStyles } from './styles/mantine-styles';

/** Pages about the signed-in reader, or forms: the server sends the shell, the browser renders them. */
const inBrowser = { serverRendered: false };
const CLIENT_ONLY: PageHandle = { file: '', serverRendered: false };
/**
 * The consoles' forms and modals use the Mantine styles the first render does not load (styles/mantine-styles.ts;
 * public pages get theirs through lib/route.ts): opened directly, a console had unstyled modals without them.
 */
const consoleStyles = allStyles;

/**
 * The site's one route table, used by the browser (entry-client.tsx) and by the server (entry-server.tsx).
 * Each page is a module under pages/ (lib/route.ts: code, texts and first-view data load together); public pages
 * are rendered on the server, the admin console and the staff pages only in the browser.
 */
export function createRoutes(data: DataAccess): RouteObject[] {
  const pages: RouteObject[] = [
    page(data, undefined, 'home/home.page', { texts: ['home'], withOtherStyles: false, errorTexts: false }),
    page(data, 'parliament-members', 'directory/parliament.page', { texts: ['directory'] }),
    page(data, 'senators', 'directory/senators.page', { texts: ['directory'] }),
    page(data, 'federal-states', 'content/federal-states.page', { texts: ['content', 'regions'] }),
    // Its representatives are shown with the directories' names for regions and offices.
    page(data, 'states/:id', 'content/state-profile.page', { texts: ['content', 'regions', 'directory'] }),
    page(data, 'regions', 'content/regions.page', { texts: ['content', 'regions'] }),
    page(data, 'regions/:slug', 'content/region-detail.page', { texts: ['content', 'regions'] }),
    page(data, 'voting', 'content/voting.page', { texts: ['content'] }),
    page(data, 'transparent-process', 'content/transparent-process.page', { texts: ['content'] }),
    page(data, 'about', 'content/about.page', { texts: ['content'] }),
    page(data, 'help', 'content/help.page', { texts: ['content'] }),
    page(data, 'registration-centers', 'centers-map/centers-map.page', { texts: ['centers'] }),
    page(data, 'elections', 'elections/elections-hub.page', { texts: ['elections', 'eligibility'] }),
    page(data, 'results/:id', 'elections/results.page', { texts: ['elections'] }),
    page(data, 'election/:id', 'elections/election-details.page', { texts: ['elections', 'eligibility'] }),
    page(data, 'verified-results', 'elections/verified-results.page', { texts: ['elections'] }),
    page(data, 'polls/presidential', 'polls/current-poll.page', { texts: ['polls', 'eligibility'] }),
    page(data, 'polls/presidential/history', 'polls/poll-history.page', { texts: ['polls', 'eligibility'] }),
    page(data, 'polls/presidential/history/:id', 'polls/poll-detail.page', { texts: ['polls'] }),
    page(data, 'polls/history', 'polls/closed-polls.page', { texts: ['polls'] }),
    page(data, 'open-data', 'open-data/open-data.page', { texts: ['openData'] }),
    page(data, 'verify', 'elections/verify-receipt.page', { texts: ['elections'], ...inBrowser }),
    page(data, 'vote/:id', 'elections/vote.page', { texts: ['elections', 'eligibility'], ...inBrowser }),
    page(data, 'auth', 'auth/auth.page', { texts: ['auth'], ...inBrowser }),
    // Its two-factor step is the sign-in page's.
    page(data, 'admin/login', 'admin/login/admin-login.page', { texts: ['admin', 'auth'], ...inBrowser }),
    page(data, 'verify-email', 'verify-email.page', { texts: ['auth'], ...inBrowser }),
    page(data, 'account', 'account/account.page', { texts: ['account'], ...inBrowser }),
    page(data, 'forgot-password', 'auth/forgot-password.page', { texts: ['auth'], ...inBrowser }),
    page(data, 'reset-password', 'auth/reset-password.page', { texts: ['auth'], ...inBrowser }),
    {
      // The registration staff's console, inside the site's frame; its sections load on demand.
      path: 'staff',
      handle: CLIENT_ONLY,
      lazy: () =>
        withTexts(
          Promise.all([import('./pages/staff/layout/StaffLayout'), consoleStyles()]).then(([m]) => ({
            Component: m.StaffLayout,
          })),
          'staff',
          'errors',
          // The authenticator setup a staff account may be asked for first (TwoFactorRequired).
          'account',
        ),
      children: staffRoutes,
    },
    page(data, '*', 'not-found.page'),
  ];
  return [
    {
      element: <SiteLayout />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [{ errorElement: <ErrorPage />, children: pages }],
    },
    {
      // The admin console has its own frame and loads only when an admin opens it.
      path: 'admin',
      handle: CLIENT_ONLY,
      lazy: () =>
        withTexts(
          Promise.all([import('./pages/admin/layout/AdminLayout'), consoleStyles()]).then(([m]) => ({
            Component: m.AdminLayout,
          })),
          'admin',
          'errors',
          'account',
        ),
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: adminRoutes,
    },
  ];
}
