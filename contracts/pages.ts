// The page paths of the client app, shared by the client router (which builds its routes from
// them) and the server (which answers these paths with the app and 200, any other page path with
// the same app and 404, where the router shows the not-found page).

/** Every page the client router serves, as React Router patterns (`:name` is one segment). */
export const pagePaths = {
  home: '/',
  features: '/features',
  about: '/about',
  pricing: '/pricing',
  help: '/help',
  logout: '/logout',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authConfirm: '/auth/confirm',
  done: '/done',
  unsubscribe: '/unsubscribe',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  settings: '/settings',
  profile: '/profile',
  goals: '/goals',
  newGoal: '/goals/new',
  goal: '/goals/:id',
  goalBreakdown: '/goals/:id/breakdown',
  tasks: '/tasks',
  history: '/history',
  schedule: '/schedule',
  analytics: '/analytics',
  advancedAnalytics: '/analytics/advanced',
  coachEffectiveness: '/analytics/coach-effectiveness',
  domainMetrics: '/analytics/metrics/:domain',
  experiments: '/experiments',
  engagement: '/engagement-analytics',
  progress: '/progress',
  achievements: '/achievements',
  coaching: '/coaching',
  coachingDomain: '/coaching/domains/:domainId',
  coachingChat: '/coaching/chat/:coachId',
  coachingTeam: '/coaching/team',
  coachingCustomize: '/coaching/customize/:userCoachId',
  coachingPersonality: '/coaching/personality/:userCoachId',
  coachingAssessment: '/coaching/assessment',
  coachingAssessmentEnhanced: '/coaching/assessment-enhanced',
  coachingRecommendations: '/coaching/recommendations',
  coach: '/coach',
  admin: '/admin',
  notifications: '/notifications',
} as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const patterns = Object.values(pagePaths).map(segmentsOf);

/**
 * Whether the router has a page for this path (no query string). Matches the way React Router
 * does: case-insensitive, a trailing slash ignored, a `:name` segment takes any one segment.
 */
export function isPagePath(path: string): boolean {
  const segments = segmentsOf(path.toLowerCase());
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}
