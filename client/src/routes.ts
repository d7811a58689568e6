import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The site's one route table (React Router's framework mode, decision 018): each page is a route module under
 * pages/ whose loaders bring its texts and first view (lib/page-route.ts). Public pages are rendered on the
 * server; pages about the signed-in reader, the forms and the consoles only in the browser (frames/).
 */
export default [
  layout('frames/site.tsx', [
    layout('frames/pages.tsx', [
      index('pages/home/home.page.tsx'),
      layout('frames/public-pages.tsx', [
        route('parliament-members', 'pages/directory/parliament.page.tsx'),
        route('parliament-members/:seat', 'pages/directory/member.page.tsx'),
        route('senators', 'pages/directory/senators.page.tsx'),
        route('senators/:id', 'pages/directory/senator.page.tsx'),
        route('federal-states', 'pages/content/federal-states.page.tsx'),
        route('states/:id', 'pages/content/state-profile.page.tsx'),
        route('regions', 'pages/content/regions.page.tsx'),
        route('regions/:slug', 'pages/content/region-detail.page.tsx'),
        route('voting', 'pages/content/voting.page.tsx'),
        route('transparent-process', 'pages/content/transparent-process.page.tsx'),
        route('about', 'pages/content/about.page.tsx'),
        route('help', 'pages/content/help.page.tsx'),
        route('registration-centers', 'pages/centers-map/centers-map.page.tsx'),
        route('elections', 'pages/elections/elections-hub.page.tsx'),
        route('results/:id', 'pages/elections/results.page.tsx'),
        route('election/:id', 'pages/elections/election-details.page.tsx'),
        route('verified-results', 'pages/elections/verified-results.page.tsx'),
        route('polls/presidential', 'pages/polls/current-poll.page.tsx'),
        route('polls/presidential/history', 'pages/polls/poll-history.page.tsx'),
        route('polls/presidential/history/:id', 'pages/polls/poll-detail.page.tsx'),
        route('polls/history', 'pages/polls/closed-polls.page.tsx'),
        route('open-data', 'pages/open-data/open-data.page.tsx'),
        route('*', 'pages/not-found.page.tsx'),
      ]),
      layout('frames/browser-pages.tsx', [
        route('verify', 'pages/elections/verify-receipt.page.tsx'),
        route('vote/:id', 'pages/elections/vote.page.tsx'),
        // A verifiable election's trustee: no account; keys and shares made in the browser.
        route('trustee', 'pages/trustee/trustee.page.tsx'),
        route('auth', 'pages/auth/auth.page.tsx'),
        // Its two-factor step is the sign-in page's.
        route('admin/login', 'pages/admin/login/admin-login.page.tsx'),
        route('verify-email', 'pages/verify-email.page.tsx'),
        route('account', 'pages/account/account.page.tsx'),
        route('forgot-password', 'pages/auth/forgot-password.page.tsx'),
        route('reset-password', 'pages/auth/reset-password.page.tsx'),
        route('staff-invitation', 'pages/auth/staff-invitation.page.tsx'),
        route('staff', 'frames/staff.tsx', [
          index('frames/staff-index.tsx'),
          route('enroll', 'pages/staff/enroll/enroll.page.tsx'),
          route('review', 'pages/staff/review/review.page.tsx'),
          route('voters', 'pages/staff/voters/voters.page.tsx'),
          route('statistics', 'pages/staff/statistics/statistics.page.tsx'),
          route('flags', 'pages/staff/flags/flags.page.tsx'),
        ]),
      ]),
    ]),
  ]),
  route('admin', 'frames/admin.tsx', [
    index('pages/admin/dashboard/dashboard.page.tsx'),
    route('candidates', 'pages/admin/candidates.page.tsx'),
    route('users', 'pages/admin/users/users.page.tsx'),
    route('voter-roll', 'pages/admin/voter-roll/voter-roll.page.tsx'),
    route('approvals', 'pages/admin/approvals/approvals.page.tsx'),
    route('settings', 'pages/admin/settings/settings.page.tsx'),
    route('audit', 'pages/admin/audit/audit.page.tsx'),
    route('ussd', 'pages/admin/ussd/ussd.page.tsx'),
    route('polls', 'pages/admin/polls/polls.page.tsx'),
    route('polls/:pollId', 'pages/admin/polls/poll-manage.page.tsx'),
    route('elections', 'pages/admin/elections/elections.page.tsx'),
    route('elections/:electionId/candidates', 'pages/admin/elections/candidates.page.tsx'),
    route('elections/:electionId/results', 'pages/admin/elections/results.page.tsx'),
    route('election-results', 'pages/admin/elections/election-results.page.tsx'),
    route('data-tools/member-photos', 'pages/admin/photos/member-photos.page.tsx'),
    route('data-tools/photo-jobs', 'pages/admin/photos/photo-jobs.page.tsx'),
    route('data-tools/name-aliases', 'pages/admin/photos/name-aliases.page.tsx'),
    route('*', 'pages/admin/layout/AdminNotFound.tsx'),
  ]),
] satisfies RouteConfig;
