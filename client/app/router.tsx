import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '#client/components/ui/full-page-status.tsx';
import type { RoleHandle } from './layouts/app-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootErrorBoundary, RootLayout, type TitleHandle } from './layouts/root-layout.tsx';

/** Every screen is a lazy chunk: `page(() => import(...), 'Export')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as React.ComponentType };
  };
}

const signedInRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    handle: { title: 'Welcome' },
    lazy: page(() => import('./routes/app/onboarding.tsx'), 'OnboardingPage'),
  },
  {
    path: 'dashboard',
    handle: { title: 'Dashboard' },
    lazy: page(() => import('./routes/app/dashboard.tsx'), 'DashboardPage'),
  },
  {
    path: 'settings',
    handle: { title: 'Settings' },
    lazy: page(() => import('./routes/app/settings.tsx'), 'SettingsPage'),
  },
  { path: 'profile', element: <Navigate to="/settings" replace /> },
  {
    path: 'goals',
    handle: { title: 'Goals' },
    lazy: page(() => import('./routes/app/goals.tsx'), 'GoalsPage'),
  },
  {
    path: 'goals/new',
    handle: { title: 'New goal' },
    lazy: page(() => import('./routes/app/goal-new.tsx'), 'NewGoalPage'),
  },
  {
    path: 'goals/:id',
    handle: { title: 'Goal' },
    lazy: page(() => import('./routes/app/goal-detail.tsx'), 'GoalDetailPage'),
  },
  {
    path: 'goals/:id/breakdown',
    handle: { title: 'Goal breakdown' },
    lazy: page(() => import('./routes/app/goal-breakdown.tsx'), 'GoalBreakdownPage'),
  },
  {
    path: 'tasks',
    handle: { title: 'Tasks' },
    lazy: page(() => import('./routes/app/tasks.tsx'), 'TasksPage'),
  },
  {
    path: 'history',
    handle: { title: 'History' },
    lazy: page(() => import('./routes/app/history.tsx'), 'HistoryPage'),
  },
  {
    path: 'schedule',
    handle: { title: 'Schedule' },
    lazy: page(() => import('./routes/app/schedule.tsx'), 'SchedulePage'),
  },
  {
    path: 'analytics',
    handle: { title: 'Analytics' },
    lazy: page(() => import('./routes/app/analytics.tsx'), 'AnalyticsPage'),
  },
  {
    path: 'analytics/advanced',
    handle: { title: 'Advanced analytics' },
    lazy: page(() => import('./routes/app/analytics-advanced.tsx'), 'AdvancedAnalyticsPage'),
  },
  {
    path: 'analytics/coach-effectiveness',
    handle: { title: 'Coach effectiveness' },
    lazy: page(
      () => import('./routes/app/analytics-coach-effectiveness.tsx'),
      'CoachEffectivenessPage',
    ),
  },
  {
    path: 'analytics/metrics/:domain',
    handle: { title: 'Domain metrics' },
    lazy: page(() => import('./routes/app/analytics-metrics.tsx'), 'DomainMetricsPage'),
  },
  {
    path: 'experiments',
    handle: { title: 'Experiments' },
    lazy: page(() => import('./routes/app/experiments.tsx'), 'ExperimentsPage'),
  },
  {
    path: 'engagement-analytics',
    handle: { title: 'Engagement analytics' },
    lazy: page(() => import('./routes/app/engagement-analytics.tsx'), 'EngagementAnalyticsPage'),
  },
  {
    path: 'progress',
    handle: { title: 'Progress insights' },
    lazy: page(() => import('./routes/app/progress.tsx'), 'ProgressInsightsPage'),
  },
  {
    path: 'achievements',
    handle: { title: 'Achievements' },
    lazy: page(() => import('./routes/app/achievements.tsx'), 'AchievementsPage'),
  },
  {
    path: 'coaching',
    handle: { title: 'AI Coaching' },
    lazy: page(() => import('./routes/app/coaching.tsx'), 'CoachingPage'),
  },
  {
    path: 'coaching/domains/:domainId',
    handle: { title: 'Domain coach' },
    lazy: page(() => import('./routes/app/coaching-domain.tsx'), 'CoachingDomainPage'),
  },
  {
    path: 'coaching/chat/:coachId',
    handle: { title: 'Coaching chat' },
    lazy: page(() => import('./routes/app/coaching-chat.tsx'), 'CoachingChatPage'),
  },
  {
    path: 'coaching/team',
    handle: { title: 'Coach team' },
    lazy: page(() => import('./routes/app/coaching-team.tsx'), 'CoachingTeamPage'),
  },
  {
    path: 'coaching/customize/:userCoachId',
    handle: { title: 'Customize coach' },
    lazy: page(() => import('./routes/app/coaching-customize.tsx'), 'CoachingCustomizePage'),
  },
  {
    path: 'coaching/personality/:userCoachId',
    handle: { title: 'Coach personality' },
    lazy: page(() => import('./routes/app/coaching-personality.tsx'), 'CoachingPersonalityPage'),
  },
  {
    path: 'coaching/assessment',
    handle: { title: 'Assessment' },
    lazy: page(() => import('./routes/app/coaching-assessment.tsx'), 'CoachingAssessmentPage'),
  },
  {
    path: 'coaching/assessment-enhanced',
    handle: { title: 'In-depth assessment' },
    lazy: page(
      () => import('./routes/app/coaching-assessment-enhanced.tsx'),
      'EnhancedAssessmentPage',
    ),
  },
  {
    path: 'coaching/recommendations',
    handle: { title: 'Recommended coaches' },
    lazy: page(
      () => import('./routes/app/coaching-recommendations.tsx'),
      'CoachingRecommendationsPage',
    ),
  },
  {
    path: 'coach',
    handle: { title: 'Coach dashboard', roles: ['coach', 'admin'] } satisfies RoleHandle &
      TitleHandle,
    lazy: page(() => import('./routes/app/coach.tsx'), 'CoachAreaPage'),
  },
  {
    path: 'admin',
    handle: { title: 'Admin', roles: ['admin'] } satisfies RoleHandle & TitleHandle,
    lazy: page(() => import('./routes/app/admin.tsx'), 'AdminPage'),
  },
  {
    path: 'notifications',
    handle: { title: 'Notifications' },
    lazy: page(() => import('./routes/app/notifications.tsx'), 'NotificationsPage'),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, lazy: page(() => import('./routes/landing.tsx'), 'LandingPage') },
          {
            path: 'features',
            handle: { title: 'Features' },
            lazy: page(() => import('./routes/features.tsx'), 'FeaturesPage'),
          },
          {
            path: 'about',
            handle: { title: 'About' },
            lazy: page(() => import('./routes/about.tsx'), 'AboutPage'),
          },
          {
            path: 'pricing',
            handle: { title: 'Pricing' },
            lazy: page(() => import('./routes/pricing.tsx'), 'PricingPage'),
          },
          {
            path: 'help',
            handle: { title: 'Help' },
            lazy: page(() => import('./routes/help.tsx'), 'HelpPage'),
          },
          {
            path: '*',
            handle: { title: 'Page not found' },
            lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundPage'),
          },
        ],
      },
      { path: 'logout', element: <Navigate to="/" replace /> },
      {
        // Everything that needs the auth state: a lazy provider, so the landing page ships none of it.
        lazy: page(() => import('./layouts/auth-layout.tsx'), 'AuthLayout'),
        children: [
          {
            Component: PublicLayout,
            children: [
              {
                path: 'login',
                handle: { title: 'Log in' },
                lazy: page(() => import('./routes/login.tsx'), 'LoginPage'),
              },
              {
                path: 'signup',
                handle: { title: 'Sign up' },
                lazy: page(() => import('./routes/signup.tsx'), 'SignupPage'),
              },
              {
                path: 'forgot-password',
                handle: { title: 'Forgot password' },
                lazy: page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
              },
              {
                path: 'reset-password',
                handle: { title: 'Set a new password' },
                lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
              },
              {
                path: 'auth/confirm',
                handle: { title: 'Confirm your email' },
                lazy: page(() => import('./routes/auth-confirm.tsx'), 'AuthConfirmPage'),
              },
              // The signed links in delivery messages: no sign-in needed.
              {
                path: 'done',
                handle: { title: 'Mark done' },
                lazy: page(() => import('./routes/done.tsx'), 'DonePage'),
              },
              {
                path: 'unsubscribe',
                handle: { title: 'Unsubscribe' },
                lazy: page(() => import('./routes/unsubscribe.tsx'), 'UnsubscribePage'),
              },
            ],
          },
          {
            lazy: page(() => import('./layouts/app-layout.tsx'), 'AppLayout'),
            children: signedInRoutes,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
