import { useParams } from 'react-router';
import { CustomizeScreen } from '#client/features/coaching/components/customize-screen.tsx';
import { OwnCoachPage } from '#client/features/coaching/components/own-coach-page.tsx';
import { toneChoices } from '#client/features/onboarding/choices.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { NotFoundPage } from '../not-found.tsx';

/** /coaching/customize/{userCoachId}: the coach's name and tone. */
export function CoachingCustomizePage() {
  const { user } = useAuth();
  const { userCoachId = '' } = useParams();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  // Onboarding's fixed samples stand in for each tone until the coach's own sample arrives.
  return (
    <OwnCoachPage
      userId={user.id}
      coachId={userCoachId}
      loadingTitle="Customize coach"
      notFound={<NotFoundPage />}
    >
      {(coach) => (
        <CustomizeScreen key={coach.id} userId={user.id} coach={coach} toneSamples={toneChoices} />
      )}
    </OwnCoachPage>
  );
}
