import { CoachingHub } from '#client/features/coaching/components/coaching-hub.tsx';
import { useOnboarding } from '#client/features/onboarding/api.ts';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /coaching: the hub. A first visit suggests the coaches of the onboarding's focus areas. */
export function CoachingPage() {
  const { user } = useAuth();
  const { timeZone } = useUserDay();
  const onboarding = useOnboarding();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <CoachingHub
      userId={user.id}
      timeZone={timeZone}
      // Without onboarding's answers (not given, or not readable) there is nothing to suggest.
      focusDomains={onboarding.isPending ? undefined : (onboarding.data?.focusDomains ?? [])}
    />
  );
}
