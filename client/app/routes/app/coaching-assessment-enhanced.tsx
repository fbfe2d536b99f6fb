import { AssessmentWizard } from '#client/features/coaching/components/assessment-wizard.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /coaching/assessment-enhanced: about 10 minutes, saved as the person goes and resumable. */
export function EnhancedAssessmentPage() {
  const { user } = useAuth();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <AssessmentWizard userId={user.id} kind="enhanced" />;
}
