import { NotificationHistory } from '#client/features/notifications/components/notification-history.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /notifications: linked from the pop-over's "View all notifications" (the spec declares no route; we add it). */
export function NotificationsPage() {
  const { user } = useAuth();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <NotificationHistory userId={user.id} />;
}
