/** Every route path the app links to, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authConfirm: '/auth/confirm',
  features: '/features',
  about: '/about',
  pricing: '/pricing',
  help: '/help',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  settings: '/settings',
  /** The channel cards on Settings. */
  notificationSettings: '/settings#notifications',
  /** The "Save your account" card on Settings, for someone trying Trellis without one. */
  saveAccount: '/settings#save-account',
  profile: '/profile',
  goals: '/goals',
  newGoal: '/goals/new',
  tasks: '/tasks',
  history: '/history',
  schedule: '/schedule',
  analytics: '/analytics',
  progress: '/progress',
  achievements: '/achievements',
  experiments: '/experiments',
  engagement: '/engagement-analytics',
  coaching: '/coaching',
  /** The hub with its reflection form in view, for the day. */
  coachingReflect: '/coaching?reflect=daily',
  coachingTeam: '/coaching/team',
  coachingAssessment: '/coaching/assessment',
  coachingAssessmentEnhanced: '/coaching/assessment-enhanced',
  coachingRecommendations: '/coaching/recommendations',
  coach: '/coach',
  admin: '/admin',
  notifications: '/notifications',
  // Linked from the footer; the spec gives them no route, so they show the not-found page.
  faq: '/faq',
  blog: '/blog',
  careers: '/careers',
  privacy: '/privacy',
  terms: '/terms',
  gdpr: '/gdpr',
} as const;

const segment = encodeURIComponent;

/** The pages of one thing: its id is URL-encoded into its segment. */
export const pathTo = {
  goal: (id: string) => `${paths.goals}/${segment(id)}`,
  goalBreakdown: (id: string) => `${paths.goals}/${segment(id)}/breakdown`,
  coachingDomain: (domain: string) => `/coaching/domains/${segment(domain)}`,
  coachingChat: (coachId: string) => `/coaching/chat/${segment(coachId)}`,
  coachingCustomize: (userCoachId: string) => `/coaching/customize/${segment(userCoachId)}`,
  coachingPersonality: (userCoachId: string) => `/coaching/personality/${segment(userCoachId)}`,
  domainMetrics: (domain: string) => `${paths.analytics}/metrics/${segment(domain)}`,
} as const;
