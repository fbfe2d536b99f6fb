import { CoachAreaScreen } from '#client/features/coach-area/components/coach-area-screen.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { getRole } from '#client/lib/auth/roles.ts';

/** /coach (coaches and admins; the router checks the role): the clients who share with you. */
export function CoachAreaPage() {
  const { user } = useAuth();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <CoachAreaScreen userId={user.id} isAdmin={getRole(user) === 'admin'} />;
}
