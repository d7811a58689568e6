import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from './components/PageLoader';
import { withTexts as withPageTexts } from './i18n';
import { withDataLayer } from './lib/with-data';
import { adminRoutes } from './pages/admin/admin-routes';
import { ErrorPage } from './pages/error.page';

/**
 * Every page but the landing page, and the admin console: each loads on demand. The browser discovers this
 * table itself on demand (router.ts), so a first visit to the landing page does not download it (F1).
 */

/**
 * Mantine's styles for the components the landing page does not show (styles/mantine-other.css): they
 * download once, with the first other page, instead of with every first visit.
 */
const otherStyles = () => import('./styles/mantine-other.css');

/**
 * A page's code, its texts, the data layer (lib/with-data.tsx) and the Mantine styles the landing page leaves
 * out, all fetched together.
 */
function withTexts(
  page: Promise<{ Component: ComponentType }>,
  ...namespaces: string[]
): Promise<{ Component: ComponentType }> {
  return withPageTexts(
    Promise.all([withDataLayer(page.then((loaded) => loaded.Component)), otherStyles()]).then(
      ([Component]) => ({ Component }),
    ),
    ...namespaces,
  );
}

/** The public pages after the landing page, inside the site's frame (site-routes.tsx). */
export const pageRoutes: RouteObject[] = [
  {
    path: 'auth',
    lazy: () =>
      withTexts(
        import('./pages/auth/auth.page').then((m) => ({ Component: m.AuthPage })),
        'auth',
      ),
  },
  {
    path: 'admin/login',
    lazy: () =>
      withTexts(
        import('./pages/admin/login/admin-login.page').then((m) => ({ Component: m.AdminLoginPage })),
        'admin',
        // Its two-factor step is the sign-in page's.
        'auth',
      ),
  },
  {
    path: 'parliament-members',
    lazy: () =>
      withTexts(
        import('./pages/directory/parliament.page').then((m) => ({ Component: m.ParliamentPage })),
        'directory',
      ),
  },
  {
    path: 'senators',
    lazy: () =>
      withTexts(
        import('./pages/directory/senators.page').then((m) => ({ Component: m.SenatorsPage })),
        'directory',
      ),
  },
  {
    path: 'federal-states',
    lazy: () =>
      withTexts(
        import('./pages/content/federal-states.page').then((m) => ({
          Component: m.FederalStatesPage,
        })),
        'content',
        'regions',
      ),
  },
  {
    path: 'states/:id',
    lazy: () =>
      withTexts(
        import('./pages/content/state-profile.page').then((m) => ({ Component: m.StateProfilePage })),
        'content',
        'regions',
        // Its representatives are shown with the directories' names for regions and offices.
        'directory',
      ),
  },
  {
    path: 'regions',
    lazy: () =>
      withTexts(
        import('./pages/content/regions.page').then((m) => ({ Component: m.RegionsPage })),
        'content',
        'regions',
      ),
  },
  {
    path: 'regions/:slug',
    lazy: () =>
      withTexts(
        import('./pages/content/region-detail.page').then((m) => ({ Component: m.RegionDetailPage })),
        'content',
        'regions',
      ),
  },
  {
    path: 'voting',
    lazy: () =>
      withTexts(
        import('./pages/content/voting.page').then((m) => ({ Component: m.VotingPage })),
        'content',
      ),
  },
  {
    path: 'transparent-process',
    lazy: () =>
      withTexts(
        import('./pages/content/transparent-process.page').then((m) => ({
          Component: m.TransparentProcessPage,
        })),
        'content',
      ),
  },
  {
    path: 'about',
    lazy: () =>
      withTexts(
        import('./pages/content/about.page').then((m) => ({ Component: m.AboutPage })),
        'content',
      ),
  },
  {
    path: 'help',
    lazy: () =>
      withTexts(
        import('./pages/content/help.page').then((m) => ({ Component: m.HelpPage })),
        'content',
      ),
  },
  {
    path: 'registration-centers',
    lazy: () =>
      withTexts(
        import('./pages/centers-map/centers-map.page').then((m) => ({
          Component: m.RegistrationCentersMapPage,
        })),
        'centers',
      ),
  },
  {
    path: 'verify-email',
    lazy: () =>
      withTexts(
        import('./pages/verify-email.page').then((m) => ({ Component: m.VerifyEmailPage })),
        'auth',
      ),
  },
  {
    path: 'account',
    lazy: () =>
      withTexts(
        import('./pages/account/account.page').then((m) => ({ Component: m.AccountPage })),
        'account',
      ),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      withTexts(
        import('./pages/auth/forgot-password.page').then((m) => ({
          Component: m.ForgotPasswordPage,
        })),
        'auth',
      ),
  },
  {
    path: 'reset-password',
    lazy: () =>
      withTexts(
        import('./pages/auth/reset-password.page').then((m) => ({ Component: m.ResetPasswordPage })),
        'auth',
      ),
  },
  {
    path: 'elections',
    lazy: () =>
      withTexts(
        import('./pages/elections/elections-hub.page').then((m) => ({
          Component: m.ElectionsHubPage,
        })),
        'elections',
        'eligibility',
      ),
  },
  {
    path: 'vote/:id',
    lazy: () =>
      withTexts(
        import('./pages/elections/vote.page').then((m) => ({ Component: m.VotePage })),
        'elections',
        'eligibility',
      ),
  },
  {
    path: 'results/:id',
    lazy: () =>
      withTexts(
        import('./pages/elections/results.page').then((m) => ({ Component: m.ResultsPage })),
        'elections',
      ),
  },
  {
    path: 'election/:id',
    lazy: () =>
      withTexts(
        import('./pages/elections/election-details.page').then((m) => ({
          Component: m.ElectionDetailsPage,
        })),
        'elections',
        'eligibility',
      ),
  },
  {
    path: 'verify',
    lazy: () =>
      withTexts(
        import('./pages/elections/verify-receipt.page').then((m) => ({
          Component: m.VerifyReceiptPage,
        })),
        'elections',
      ),
  },
  {
    path: 'verified-results',
    lazy: () =>
      withTexts(
        import('./pages/elections/verified-results.page').then((m) => ({
          Component: m.VerifiedResultsPage,
        })),
        'elections',
      ),
  },
  {
    path: 'polls/presidential',
    lazy: () =>
      withTexts(
        import('./pages/polls/current-poll.page').then((m) => ({ Component: m.CurrentPollPage })),
        'polls',
        'eligibility',
      ),
  },
  {
    path: 'polls/presidential/history',
    lazy: () =>
      withTexts(
        import('./pages/polls/poll-history.page').then((m) => ({ Component: m.PollHistoryPage })),
        'polls',
        'eligibility',
      ),
  },
  {
    path: 'polls/presidential/history/:id',
    lazy: () =>
      withTexts(
        import('./pages/polls/poll-detail.page').then((m) => ({ Component: m.PollDetailPage })),
        'polls',
      ),
  },
  {
    path: 'polls/history',
    lazy: () =>
      withTexts(
        import('./pages/polls/closed-polls.page').then((m) => ({ Component: m.ClosedPollsPage })),
        'polls',
      ),
  },
  {
    path: '*',
    lazy: () =>
      Promise.all([import('./pages/not-found.page'), otherStyles()]).then(([m]) => ({
        Component: m.NotFoundPage,
      })),
  },
];

export const adminRoute: RouteObject = {
  // The admin console has its own frame and loads only when an admin opens it.
  path: 'admin',
  lazy: () =>
    withTexts(
      import('./pages/admin/layout/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
      'admin',
    ),
  errorElement: <ErrorPage />,
  hydrateFallbackElement: <PageLoader />,
  children: adminRoutes,
};
