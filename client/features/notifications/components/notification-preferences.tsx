import { notificationTypes, type NotificationType } from '#contracts/notifications.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api.ts';

const kinds: Record<NotificationType, { label: string; description: string }> = {
  coach_message: { label: 'Coach messages', description: 'When a coach writes to you.' },
  goal_progress: {
    label: 'Goal progress',
    description: 'Milestones reached and goals moving forward.',
  },
  achievement: {
    label: 'Achievements',
    description: 'Streaks and other things worth celebrating.',
  },
  insight: { label: 'Insights', description: 'What your coach team notices in your progress.' },
  other: { label: 'Other updates', description: 'Announcements about your account and Trellis.' },
};

/** Settings › Notifications: which kinds of in-app notification the user wants. */
export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const preferences = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences(userId);

  if (preferences.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your preferences...
      </p>
    );
  }
  if (!preferences.data) {
    return (
      <p className="text-sm text-muted-foreground">
        Your preferences could not be loaded. Try again later.
      </p>
    );
  }
  const { inApp } = preferences.data;

  return (
    <fieldset>
      <legend className="text-sm font-medium">Show in the app</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        Turned-off kinds are not added to your notifications at all.
      </p>
      <ul className="mt-4 space-y-3">
        {notificationTypes.map((type) => {
          const id = `notification-kind-${type}`;
          return (
            <li key={type} className="flex items-start gap-3">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={inApp[type]}
                aria-describedby={`${id}-description`}
                onChange={(event) =>
                  save.mutate({ inApp: { ...inApp, [type]: event.target.checked } })
                }
              />
              <span>
                <label htmlFor={id} className="text-sm font-medium">
                  {kinds[type].label}
                </label>
                <span id={`${id}-description`} className="block text-sm text-muted-foreground">
                  {kinds[type].description}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className="mt-4 min-h-5 text-sm text-muted-foreground">
        {save.isPending ? 'Saving...' : save.isSuccess ? 'Saved.' : ''}
      </p>
    </fieldset>
  );
}
