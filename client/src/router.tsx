import { createBrowserRouter } from 'react-router';
import { SiteLayout } from './components/layout/SiteLayout';
import { PageLoader } from './components/PageLoader';
import { adminRoutes } from './pages/admin/admin-routes';
import { ErrorPage } from './pages/error.page';
import { HomePage } from './pages/home/home.page';

/** Every page but the landing page loads on demand, so the first visit downloads only what it shows. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'auth',
            lazy: () => import('./pages/auth/auth.page').then((m) => ({ Component: m.AuthPage })),
          },
          {
            path: 'admin/login',
            lazy: () =>
              import('./pages/admin/login/admin-login.page').then((m) => ({ Component: m.AdminLoginPage })),
          },
          {
            path: 'parliament-members',
            lazy: () =>
              import('./pages/directory/parliament.page').then((m) => ({ Component: m.ParliamentPage })),
          },
          {
            path: 'senators',
            lazy: () =>
              import('./pages/directory/senators.page').then((m) => ({ Component: m.SenatorsPage })),
          },
          {
            path: 'federal-states',
            lazy: () =>
              import('./pages/content/federal-states.page').then((m) => ({ Component: m.FederalStatesPage })),
          },
          {
            path: 'states/:id',
            lazy: () =>
              import('./pages/content/state-profile.page').then((m) => ({ Component: m.StateProfilePage })),
          },
          {
            path: 'regions',
            lazy: () => import('./pages/content/regions.page').then((m) => ({ Component: m.RegionsPage })),
          },
          {
            path: 'regions/:slug',
            lazy: () =>
              import('./pages/content/region-detail.page').then((m) => ({ Component: m.RegionDetailPage })),
          },
          {
            path: 'voting',
            lazy: () => import('./pages/content/voting.page').then((m) => ({ Component: m.VotingPage })),
          },
          {
            path: 'transparent-process',
            lazy: () =>
              import('./pages/content/transparent-process.page').then((m) => ({
                Component: m.TransparentProcessPage,
              })),
          },
          {
            path: 'about',
            lazy: () => import('./pages/content/about.page').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: 'help',
            lazy: () => import('./pages/content/help.page').then((m) => ({ Component: m.HelpPage })),
          },
          {
            path: 'registration-centers',
            lazy: () =>
              import('./pages/centers-map/centers-map.page').then((m) => ({
                Component: m.RegistrationCentersMapPage,
              })),
          },
          {
            path: 'verify-email',
            lazy: () => import('./pages/verify-email.page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: 'account',
            lazy: () => import('./pages/account/account.page').then((m) => ({ Component: m.AccountPage })),
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('./pages/auth/forgot-password.page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('./pages/auth/reset-password.page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: 'elections',
            lazy: () =>
              import('./pages/elections/elections-hub.page').then((m) => ({ Component: m.ElectionsHubPage })),
          },
          {
            path: 'vote/:id',
            lazy: () => import('./pages/elections/vote.page').then((m) => ({ Component: m.VotePage })),
          },
          {
            path: 'results/:id',
            lazy: () => import('./pages/elections/results.page').then((m) => ({ Component: m.ResultsPage })),
          },
          {
            path: 'election/:id',
            lazy: () =>
              import('./pages/elections/election-details.page').then((m) => ({
                Component: m.ElectionDetailsPage,
              })),
          },
          {
            path: 'verify',
            lazy: () =>
              import('./pages/elections/verify-receipt.page').then((m) => ({
                Component: m.VerifyReceiptPage,
              })),
          },
          {
            path: 'verified-results',
            lazy: () =>
              import('./pages/elections/verified-results.page').then((m) => ({
                Component: m.VerifiedResultsPage,
              })),
          },
          {
            path: 'polls/presidential',
            lazy: () =>
              import('./pages/polls/current-poll.page').then((m) => ({ Component: m.CurrentPollPage })),
          },
          {
            path: 'polls/presidential/history',
            lazy: () =>
              import('./pages/polls/poll-history.page').then((m) => ({ Component: m.PollHistoryPage })),
          },
          {
            path: 'polls/presidential/history/:id',
            lazy: () =>
              import('./pages/polls/poll-detail.page').then((m) => ({ Component: m.PollDetailPage })),
          },
          {
            path: 'polls/history',
            lazy: () =>
              import('./pages/polls/closed-polls.page').then((m) => ({ Component: m.ClosedPollsPage })),
          },
          {
            path: '*',
            lazy: () => import('./pages/not-found.page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
  {
    // The admin console has its own frame and loads only when an admin opens it.
    path: 'admin',
    lazy: () => import('./pages/admin/layout/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: adminRoutes,
  },
]);
