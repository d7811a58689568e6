import type { RouteObject } from 'react-router';
import { withTexts } from '../../i18n';

/** Admin pages, each loaded on demand inside the admin frame. */
export const adminRoutes: RouteObject[] = [
  {
    index: true,
    // The dashboard's candidate list shows election status badges, whose texts are the elections namespace's.
    lazy: () =>
      withTexts(
        import('./dashboard/dashboard.page').then((m) => ({ Component: m.AdminDashboardPage })),
        'admin',
        'elections',
      ),
  },
  {
    path: 'candidates',
    // Election status badges too, as on the dashboard.
    lazy: () =>
      withTexts(
        import('./candidates.page').then((m) => ({ Component: m.AdminCandidatesPage })),
        'admin',
        'elections',
      ),
  },
  {
    path: 'users',
    lazy: () =>
      withTexts(
        import('./users/users.page').then((m) => ({ Component: m.AdminUsersPage })),
        'admin',
      ),
  },
  {
    path: 'voter-roll',
    lazy: () =>
      withTexts(
        import('./voter-roll/voter-roll.page').then((m) => ({ Component: m.AdminVoterRollPage })),
        'admin',
      ),
  },
  {
    path: 'approvals',
    lazy: () =>
      withTexts(
        import('./approvals/approvals.page').then((m) => ({ Component: m.AdminApprovalsPage })),
        'admin',
      ),
  },
  {
    path: 'settings',
    lazy: () =>
      withTexts(
        import('./settings/settings.page').then((m) => ({ Component: m.AdminSettingsPage })),
        'admin',
      ),
  },
  {
    path: 'audit',
    lazy: () =>
      withTexts(
        import('./audit/audit.page').then((m) => ({ Component: m.AdminAuditPage })),
        'admin',
      ),
  },
  {
    path: 'polls',
    lazy: () =>
      withTexts(
        import('./polls/polls.page').then((m) => ({ Component: m.AdminPollsPage })),
        'adminPolls',
        'eligibility',
        'polls',
      ),
  },
  {
    path: 'polls/:pollId',
    lazy: () =>
      withTexts(
        import('./polls/poll-manage.page').then((m) => ({ Component: m.AdminPollPage })),
        'adminPolls',
        'polls',
      ),
  },
  {
    path: 'elections',
    // Election status badges are the public elections pages' components, with their texts.
    lazy: () =>
      withTexts(
        import('./elections/elections.page').then((m) => ({ Component: m.AdminElectionsPage })),
        'adminElections',
        'eligibility',
        'elections',
      ),
  },
  {
    path: 'elections/:electionId/candidates',
    lazy: () =>
      withTexts(
        import('./elections/candidates.page').then((m) => ({ Component: m.AdminElectionCandidatesPage })),
        'adminElections',
        'elections',
      ),
  },
  {
    path: 'elections/:electionId/results',
    // The results table and bar are the public elections page's components, with their texts.
    lazy: () =>
      withTexts(
        import('./elections/results.page').then((m) => ({ Component: m.AdminElectionResultsPage })),
        'adminElections',
        'elections',
      ),
  },
  {
    path: 'election-results',
    lazy: () =>
      withTexts(
        import('./elections/election-results.page').then((m) => ({
          Component: m.AdminElectionResultsListPage,
        })),
        'adminElections',
        'elections',
      ),
  },
  {
    path: 'data-tools/member-photos',
    lazy: () =>
      withTexts(
        import('./photos/member-photos.page').then((m) => ({ Component: m.AdminMemberPhotosPage })),
        'adminPhotos',
      ),
  },
  {
    path: 'data-tools/photo-jobs',
    lazy: () =>
      withTexts(
        import('./photos/photo-jobs.page').then((m) => ({ Component: m.AdminPhotoJobsPage })),
        'adminPhotos',
      ),
  },
  {
    path: 'data-tools/name-aliases',
    lazy: () =>
      withTexts(
        import('./photos/name-aliases.page').then((m) => ({ Component: m.AdminNameAliasesPage })),
        'adminPhotos',
      ),
  },
  {
    path: '*',
    lazy: () =>
      withTexts(
        import('./layout/AdminNotFound').then((m) => ({ Component: m.AdminNotFoundPage })),
        'admin',
      ),
  },
];
