import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '#client/components/ui/full-page-status.tsx';
import type { RoleHandle } from './layouts/app-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootErrorBoundary, RootLayout } from './layouts/root-layout.tsx';

/** Every screen is a lazy chunk: `page(() => import(...), 'Export')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as React.ComponentType };
  };
}

const signedInRoutes: RouteObject[] = [
  { path: 'onboarding', lazy: page(() => import('./routes/app/onboarding.tsx'), 'OnboardingPage') },
  { path: 'dashboard', lazy: page(() => import('./routes/app/dashboard.tsx'), 'DashboardPage') },
  { path: 'settings', lazy: page(() => import('./routes/app/settings.tsx'), 'SettingsPage') },
  { path: 'profile', element: <Navigate to="/settings" replace /> },
  { path: 'goals', lazy: page(() => import('./routes/app/goals.tsx'), 'GoalsPage') },
  { path: 'goals/new', lazy: page(() => import('./routes/app/goal-new.tsx'), 'NewGoalPage') },
  { path: 'goals/:id', lazy: page(() => import('./routes/app/goal-detail.tsx'), 'GoalDetailPage') },
  {
    path: 'goals/:id/breakdown',
    lazy: page(() => import('./routes/app/goal-breakdown.tsx'), 'GoalBreakdownPage'),
  },
  { path: 'tasks', lazy: page(() => import('./routes/app/tasks.tsx'), 'TasksPage') },
  { path: 'history', lazy: page(() => import('./routes/app/history.tsx'), 'HistoryPage') },
  { path: 'schedule', lazy: page(() => import('./routes/app/schedule.tsx'), 'SchedulePage') },
  { path: 'analytics', lazy: page(() => import('./routes/app/analytics.tsx'), 'AnalyticsPage') },
  {
    path: 'analytics/advanced',
    lazy: page(() => import('./routes/app/analytics-advanced.tsx'), 'AdvancedAnalyticsPage'),
  },
  {
    path: 'analytics/coach-effectiveness',
    lazy: page(
      () => import('./routes/app/analytics-coach-effectiveness.tsx'),
      'CoachEffectivenessPage',
    ),
  },
  {
    path: 'analytics/metrics/:domain',
    lazy: page(() => import('./routes/app/analytics-metrics.tsx'), 'DomainMetricsPage'),
  },
  {
    path: 'experiments',
    lazy: page(() => import('./routes/app/experiments.tsx'), 'ExperimentsPage'),
  },
  {
    path: 'engagement-analytics',
    lazy: page(() => import('./routes/app/engagement-analytics.tsx'), 'EngagementAnalyticsPage'),
  },
  {
    path: 'progress',
    lazy: page(() => import('./routes/app/progress.tsx'), 'ProgressInsightsPage'),
  },
  {
    path: 'achievements',
    lazy: page(() => import('./routes/app/achievements.tsx'), 'AchievementsPage'),
  },
  { path: 'coaching', lazy: page(() => import('./routes/app/coaching.tsx'), 'CoachingPage') },
  {
    path: 'coaching/domains/:domainId',
    lazy: page(() => import('./routes/app/coaching-domain.tsx'), 'CoachingDomainPage'),
  },
  {
    path: 'coaching/chat/:coachId',
    lazy: page(() => import('./routes/app/coaching-chat.tsx'), 'CoachingChatPage'),
  },
  {
    path: 'coaching/team',
    lazy: page(() => import('./routes/app/coaching-team.tsx'), 'CoachingTeamPage'),
  },
  {
    path: 'coaching/customize/:userCoachId',
    lazy: page(() => import('./routes/app/coaching-customize.tsx'), 'CoachingCustomizePage'),
  },
  {
    path: 'coaching/personality/:userCoachId',
    lazy: page(() => import('./routes/app/coaching-personality.tsx'), 'CoachingPersonalityPage'),
  },
  {
    path: 'coaching/assessment',
    lazy: page(() => import('./routes/app/coaching-assessment.tsx'), 'CoachingAssessmentPage'),
  },
  {
    path: 'coaching/assessment-enhanced',
    lazy: page(
      () => import('./routes/app/coaching-assessment-enhanced.tsx'),
      'EnhancedAssessmentPage',
    ),
  },
  {
    path: 'coaching/recommendations',
    lazy: page(
      () => import('./routes/app/coaching-recommendations.tsx'),
      'CoachingRecommendationsPage',
    ),
  },
  {
    path: 'coach',
    handle: { roles: ['coach', 'admin'] } satisfies RoleHandle,
    lazy: page(() => import('./routes/app/coach.tsx'), 'CoachAreaPage'),
  },
  {
    path: 'admin',
    handle: { roles: ['admin'] } satisfies RoleHandle,
    lazy: page(() => import('./routes/app/admin.tsx'), 'AdminPage'),
  },
  {
    path: 'notifications',
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
          { path: 'features', lazy: page(() => import('./routes/features.tsx'), 'FeaturesPage') },
          { path: 'about', lazy: page(() => import('./routes/about.tsx'), 'AboutPage') },
          { path: 'pricing', lazy: page(() => import('./routes/pricing.tsx'), 'PricingPage') },
          { path: 'help', lazy: page(() => import('./routes/help.tsx'), 'HelpPage') },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundPage') },
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
              { path: 'login', lazy: page(() => import('./routes/login.tsx'), 'LoginPage') },
              { path: 'signup', lazy: page(() => import('./routes/signup.tsx'), 'SignupPage') },
              {
                path: 'forgot-password',
                lazy: page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
              },
              {
                path: 'reset-password',
                lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
              },
              {
                path: 'auth/confirm',
                lazy: page(() => import('./routes/auth-confirm.tsx'), 'AuthConfirmPage'),
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
