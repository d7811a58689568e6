import type { RouteObject } from 'react-router';

/** Admin pages, each loaded on demand inside the admin frame. */
export const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./dashboard/dashboard.page').then((m) => ({ Component: m.AdminDashboardPage })),
  },
  {
    path: 'candidates',
    lazy: () => import('./candidates.page').then((m) => ({ Component: m.AdminCandidatesPage })),
  },
  {
    path: 'users',
    lazy: () => import('./users/users.page').then((m) => ({ Component: m.AdminUsersPage })),
  },
  {
    path: 'settings',
    lazy: () => import('./settings/settings.page').then((m) => ({ Component: m.AdminSettingsPage })),
  },
  {
    path: 'audit',
    lazy: () => import('./audit/audit.page').then((m) => ({ Component: m.AdminAuditPage })),
  },
  {
    path: 'polls',
    lazy: () => import('./polls/polls.page').then((m) => ({ Component: m.AdminPollsPage })),
  },
  {
    path: 'polls/:pollId',
    lazy: () => import('./polls/poll-manage.page').then((m) => ({ Component: m.AdminPollPage })),
  },
  {
    path: 'elections',
    lazy: () => import('./elections/elections.page').then((m) => ({ Component: m.AdminElectionsPage })),
  },
  {
    path: 'elections/:electionId/candidates',
    lazy: () =>
      import('./elections/candidates.page').then((m) => ({ Component: m.AdminElectionCandidatesPage })),
  },
  {
    path: 'elections/:electionId/results',
    lazy: () => import('./elections/results.page').then((m) => ({ Component: m.AdminElectionResultsPage })),
  },
  {
    path: 'election-results',
    lazy: () =>
      import('./elections/election-results.page').then((m) => ({
        Component: m.AdminElectionResultsListPage,
      })),
  },
  {
    path: 'data-tools/member-photos',
    lazy: () => import('./photos/member-photos.page').then((m) => ({ Component: m.AdminMemberPhotosPage })),
  },
  {
    path: 'data-tools/photo-jobs',
    lazy: () => import('./photos/photo-jobs.page').then((m) => ({ Component: m.AdminPhotoJobsPage })),
  },
  {
    path: 'data-tools/name-aliases',
    lazy: () => import('./photos/name-aliases.page').then((m) => ({ Component: m.AdminNameAliasesPage })),
  },
  {
    path: '*',
    lazy: () => import('./layout/AdminNotFound').then((m) => ({ Component: m.AdminNotFoundPage })),
  },
];
