import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { pagePaths } from '#contracts/pages.ts';
import { LoadingScreen } from '#client/components/ui/full-page-status.tsx';
import type { RoleHandle } from './layouts/app-layout.tsx';
import type { FormBeforeAuthHandle } from './layouts/auth-layout.tsx';
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
    path: pagePaths.onboarding,
    handle: { title: 'Welcome' },
    lazy: page(() => import('./routes/app/onboarding.tsx'), 'OnboardingPage'),
  },
  {
    path: pagePaths.dashboard,
    handle: { title: 'Dashboard' },
    lazy: page(() => import('./routes/app/dashboard.tsx'), 'DashboardPage'),
  },
  {
    path: pagePaths.settings,
    handle: { title: 'Settings' },
    lazy: page(() => import('./routes/app/settings.tsx'), 'SettingsPage'),
  },
  { path: pagePaths.profile, element: <Navigate to="/settings" replace /> },
  {
    path: pagePaths.goals,
    handle: { title: 'Goals' },
    lazy: page(() => import('./routes/app/goals.tsx'), 'GoalsPage'),
  },
  {
    path: pagePaths.newGoal,
    handle: { title: 'New goal' },
    lazy: page(() => import('./routes/app/goal-new.tsx'), 'NewGoalPage'),
  },
  {
    path: pagePaths.goal,
    handle: { title: 'Goal' },
    lazy: page(() => import('./routes/app/goal-detail.tsx'), 'GoalDetailPage'),
  },
  {
    path: pagePaths.goalBreakdown,
    handle: { title: 'Goal breakdown' },
    lazy: page(() => import('./routes/app/goal-breakdown.tsx'), 'GoalBreakdownPage'),
  },
  {
    path: pagePaths.tasks,
    handle: { title: 'Tasks' },
    lazy: page(() => import('./routes/app/tasks.tsx'), 'TasksPage'),
  },
  {
    path: pagePaths.history,
    handle: { title: 'History' },
    lazy: page(() => import('./routes/app/history.tsx'), 'HistoryPage'),
  },
  {
    path: pagePaths.schedule,
    handle: { title: 'Schedule' },
    lazy: page(() => import('./routes/app/schedule.tsx'), 'SchedulePage'),
  },
  {
    path: pagePaths.analytics,
    handle: { title: 'Analytics' },
    lazy: page(() => import('./routes/app/analytics.tsx'), 'AnalyticsPage'),
  },
  {
    path: pagePaths.advancedAnalytics,
    handle: { title: 'Advanced analytics' },
    lazy: page(() => import('./routes/app/analytics-advanced.tsx'), 'AdvancedAnalyticsPage'),
  },
  {
    path: pagePaths.coachEffectiveness,
    handle: { title: 'Coach effectiveness' },
    lazy: page(
      () => import('./routes/app/analytics-coach-effectiveness.tsx'),
      'CoachEffectivenessPage',
    ),
  },
  {
    path: pagePaths.domainMetrics,
    handle: { title: 'Domain metrics' },
    lazy: page(() => import('./routes/app/analytics-metrics.tsx'), 'DomainMetricsPage'),
  },
  {
    path: pagePaths.experiments,
    handle: { title: 'Experiments' },
    lazy: page(() => import('./routes/app/experiments.tsx'), 'ExperimentsPage'),
  },
  {
    path: pagePaths.engagement,
    handle: { title: 'Engagement analytics' },
    lazy: page(() => import('./routes/app/engagement-analytics.tsx'), 'EngagementAnalyticsPage'),
  },
  {
    path: pagePaths.progress,
    handle: { title: 'Progress insights' },
    lazy: page(() => import('./routes/app/progress.tsx'), 'ProgressInsightsPage'),
  },
  {
    path: pagePaths.achievements,
    handle: { title: 'Achievements' },
    lazy: page(() => import('./routes/app/achievements.tsx'), 'AchievementsPage'),
  },
  {
    path: pagePaths.coaching,
    handle: { title: 'AI Coaching' },
    lazy: page(() => import('./routes/app/coaching.tsx'), 'CoachingPage'),
  },
  {
    path: pagePaths.coachingDomain,
    handle: { title: 'Domain coach' },
    lazy: page(() => import('./routes/app/coaching-domain.tsx'), 'CoachingDomainPage'),
  },
  {
    path: pagePaths.coachingChat,
    handle: { title: 'Coaching chat' },
    lazy: page(() => import('./routes/app/coaching-chat.tsx'), 'CoachingChatPage'),
  },
  {
    path: pagePaths.coachingTeam,
    handle: { title: 'Coach team' },
    lazy: page(() => import('./routes/app/coaching-team.tsx'), 'CoachingTeamPage'),
  },
  {
    path: pagePaths.coachingCustomize,
    handle: { title: 'Customize coach' },
    lazy: page(() => import('./routes/app/coaching-customize.tsx'), 'CoachingCustomizePage'),
  },
  {
    path: pagePaths.coachingPersonality,
    handle: { title: 'Coach personality' },
    lazy: page(() => import('./routes/app/coaching-personality.tsx'), 'CoachingPersonalityPage'),
  },
  {
    path: pagePaths.coachingAssessment,
    handle: { title: 'Assessment' },
    lazy: page(() => import('./routes/app/coaching-assessment.tsx'), 'CoachingAssessmentPage'),
  },
  {
    path: pagePaths.coachingAssessmentEnhanced,
    handle: { title: 'In-depth assessment' },
    lazy: page(
      () => import('./routes/app/coaching-assessment-enhanced.tsx'),
      'EnhancedAssessmentPage',
    ),
  },
  {
    path: pagePaths.coachingRecommendations,
    handle: { title: 'Recommended coaches' },
    lazy: page(
      () => import('./routes/app/coaching-recommendations.tsx'),
      'CoachingRecommendationsPage',
    ),
  },
  {
    path: pagePaths.coach,
    handle: { title: 'Coach dashboard', roles: ['coach', 'admin'] } satisfies RoleHandle &
      TitleHandle,
    lazy: page(() => import('./routes/app/coach.tsx'), 'CoachAreaPage'),
  },
  {
    path: pagePaths.admin,
    handle: { title: 'Admin', roles: ['admin'] } satisfies RoleHandle & TitleHandle,
    lazy: page(() => import('./routes/app/admin.tsx'), 'AdminPage'),
  },
  {
    path: pagePaths.notifications,
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
          // pagePaths.home
          { index: true, lazy: page(() => import('./routes/landing.tsx'), 'LandingPage') },
          {
            path: pagePaths.features,
            handle: { title: 'Features' },
            lazy: page(() => import('./routes/features.tsx'), 'FeaturesPage'),
          },
          {
            path: pagePaths.about,
            handle: { title: 'About' },
            lazy: page(() => import('./routes/about.tsx'), 'AboutPage'),
          },
          {
            path: pagePaths.pricing,
            handle: { title: 'Pricing' },
            lazy: page(() => import('./routes/pricing.tsx'), 'PricingPage'),
          },
          {
            path: pagePaths.help,
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
      { path: pagePaths.logout, element: <Navigate to="/" replace /> },
      {
        // Everything that needs the auth state: a lazy provider, so the landing page ships none of it.
        lazy: page(() => import('./layouts/auth-layout.tsx'), 'AuthLayout'),
        children: [
          {
            Component: PublicLayout,
            children: [
              {
                path: pagePaths.login,
                handle: { title: 'Log In', formBeforeAuth: true } satisfies TitleHandle &
                  FormBeforeAuthHandle,
                lazy: page(() => import('./routes/login.tsx'), 'LoginPage'),
              },
              {
                path: pagePaths.signup,
                handle: { title: 'Sign Up', formBeforeAuth: true } satisfies TitleHandle &
                  FormBeforeAuthHandle,
                lazy: page(() => import('./routes/signup.tsx'), 'SignupPage'),
              },
              {
                path: pagePaths.forgotPassword,
                handle: { title: 'Forgot password' },
                lazy: page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
              },
              {
                path: pagePaths.resetPassword,
                handle: { title: 'Set a new password' },
                lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
              },
              {
                path: pagePaths.authConfirm,
                handle: { title: 'Confirm your email' },
                lazy: page(() => import('./routes/auth-confirm.tsx'), 'AuthConfirmPage'),
              },
              // The signed links in delivery messages: no sign-in needed.
              {
                path: pagePaths.done,
                handle: { title: 'Mark done' },
                lazy: page(() => import('./routes/done.tsx'), 'DonePage'),
              },
              {
                path: pagePaths.unsubscribe,
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
