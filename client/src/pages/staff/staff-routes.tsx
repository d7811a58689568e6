import type { RouteObject } from 'react-router';
import { withTexts } from '../../i18n';

/** The staff console's sections, each loaded on demand inside the console's frame (layout/StaffLayout.tsx). */
export const staffRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./layout/StaffLayout').then((m) => ({ Component: m.StaffIndex })),
  },
  {
    path: 'enroll',
    lazy: () =>
      withTexts(
        import('./enroll/enroll.page').then((m) => ({ Component: m.StaffEnrollPage })),
        'staff',
      ),
  },
  {
    path: 'review',
    lazy: () =>
      withTexts(
        import('./review/review.page').then((m) => ({ Component: m.StaffReviewPage })),
        'staff',
      ),
  },
  {
    path: 'voters',
    lazy: () =>
      withTexts(
        import('./voters/voters.page').then((m) => ({ Component: m.StaffVotersPage })),
        'staff',
      ),
  },
  {
    path: 'statistics',
    lazy: () =>
      withTexts(
        import('./statistics/statistics.page').then((m) => ({ Component: m.StaffStatisticsPage })),
        'staff',
      ),
  },
  {
    path: 'flags',
    lazy: () =>
      withTexts(
        import('./flags/flags.page').then((m) => ({ Component: m.StaffFlagsPage })),
        'staff',
      ),
  },
];
