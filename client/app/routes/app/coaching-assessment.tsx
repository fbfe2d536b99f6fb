import { AssessmentWizard } from '#client/features/coaching/components/assessment-wizard.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /coaching/assessment: about 2 minutes, then the recommended coaches. */
export function CoachingAssessmentPage() {
  const { user } = useAuth();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <AssessmentWizard userId={user.id} kind="quick" />;
}
