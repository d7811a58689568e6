import { createBrowserRouter } from 'react-router';
import { SiteLayout } from './components/layout/SiteLayout';
import { adminRoutes } from './pages/admin/admin-routes';
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
            path: 'admin/login',
            lazy: () =>
              import('./pages/admin/login/admin-login.page').then((m) => ({ Component: m.AdminLoginPage })),
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
  {
    // The admin console has its own frame and loads only when an admin opens it.
    path: 'admin',
    lazy: () => import('./pages/admin/layout/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
    errorElement: <ErrorPage />,
    children: adminRoutes,
  },
]);
