import type { RouteObject } from 'react-router';

/** Admin pages, each loaded on demand inside the admin frame. */
export const adminRoutes: RouteObject[] = [
  {
    path: '*',
    lazy: () => import('./layout/AdminNotFound').then((m) => ({ Component: m.AdminNotFoundPage })),
  },
];
