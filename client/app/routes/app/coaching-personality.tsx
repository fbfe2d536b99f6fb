import { useParams } from 'react-router';
import { OwnCoachPage } from '#client/features/coaching/components/own-coach-page.tsx';
import { PersonalityScreen } from '#client/features/coaching/components/personality-screen.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { NotFoundPage } from '../not-found.tsx';

/** /coaching/personality/{userCoachId}: the coach's traits, reply length and persona note. */
export function CoachingPersonalityPage() {
  const { user } = useAuth();
  const { userCoachId = '' } = useParams();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <OwnCoachPage
      userId={user.id}
      coachId={userCoachId}
      loadingTitle="Coach personality"
      notFound={<NotFoundPage />}
    >
      {(coach) => <PersonalityScreen key={coach.id} userId={user.id} coach={coach} />}
    </OwnCoachPage>
  );
}
