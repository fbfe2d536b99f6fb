import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ChatScreen } from '#client/features/coaching/components/chat-screen.tsx';
import { notificationKeys } from '#client/features/notifications/api.ts';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { NotFoundPage } from '../not-found.tsx';

/** /coaching/chat/{coachId}: the conversation with one of the person's own coaches. */
export function CoachingChatPage() {
  const { coachId = '' } = useParams();
  const { user } = useAuth();
  const { today, timeZone } = useUserDay();
  const queryClient = useQueryClient();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <ChatScreen
      key={coachId}
      userId={user.id}
      coachId={coachId}
      today={today}
      timeZone={timeZone}
      notFound={<NotFoundPage />}
      // Opening the thread read this coach's notifications too: the bell's count moves.
      onRead={() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(user.id) })}
    />
  );
}
