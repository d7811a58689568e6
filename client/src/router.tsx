import { createBrowserRouter } from 'react-router';
import { SiteLayout } from './components/layout/SiteLayout';
import { ErrorPage } from './pages/error.page';
import { HomePage } from './pages/home/home.page';

/** Every page but the landing page loads on demand, so the first visit downloads only what it shows. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <ErrorPage />,
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
            path: 'verify-email',
            lazy: () => import('./pages/verify-email.page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: '*',
            lazy: () => import('./pages/not-found.page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
]);
