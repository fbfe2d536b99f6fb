import { BellOff, CheckCheck, Circle, CircleCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  notificationTypes,
  type Notification,
  type NotificationType,
} from '#contracts/notifications.ts';
import { LoadMore } from '#client/components/load-more.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  useLatestNotifications,
  useNotificationChange,
  useNotificationHistory,
  type HistoryFilters,
} from '../api.ts';
import { destinationOf } from '../navigation.ts';
import { NotificationRow, useNow } from './notification-item.tsx';

export const typeLabels: Record<NotificationType, string> = {
  coach_message: 'Coach messages',
  goal_progress: 'Goal progress',
  achievement: 'Achievements',
  insight: 'Insights',
  other: 'Other',
};

/** /notifications: every notification, newest first, with filters and per-item actions. */
export function NotificationHistory({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<HistoryFilters>({ type: 'all', unreadOnly: false });
  const history = useNotificationHistory(userId, filters);
  // The unread count and "Mark all read" follow the same numbers as the bell.
  const latest = useLatestNotifications(userId);
  const change = useNotificationChange(userId);
  const navigate = useNavigate();
  const now = useNow();
  const typeId = useId();

  const notifications = history.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = latest.data?.unreadCount ?? history.data?.pages[0]?.unreadCount ?? 0;
  const filtered = filters.type !== 'all' || filters.unreadOnly;

  const select = (notification: Notification) => {
    if (!notification.read) change.mutate({ kind: 'read', id: notification.id });
    const to = destinationOf(notification);
    if (to) void navigate(to);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {unread > 0 ? `${unread} unread` : 'All caught up'}
          </p>
        </div>
        {unread > 0 ? (
          <Button variant="outline" size="sm" onClick={() => change.mutate({ kind: 'readAll' })}>
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all read
          </Button>
        ) : null}
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
        <div className="min-w-44 flex-1 sm:max-w-60">
          <label htmlFor={typeId} className="mb-1.5 block text-sm font-medium">
            Type
          </label>
          <Select
            id={typeId}
            value={filters.type}
            onChange={(event) =>
              setFilters({ ...filters, type: event.target.value as HistoryFilters['type'] })
            }
          >
            <option value="all">All types</option>
            {notificationTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex h-11 rounded-lg border bg-card p-1" role="group" aria-label="Show">
          {[
            { label: 'All', unreadOnly: false },
            { label: 'Unread', unreadOnly: true },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={filters.unreadOnly === option.unreadOnly}
              onClick={() => setFilters({ ...filters, unreadOnly: option.unreadOnly })}
              className={cn(
                'rounded-md px-3.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                filters.unreadOnly === option.unreadOnly
                  ? 'bg-primary-soft text-accent-foreground'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      <section aria-label="Notification history" className="mt-6">
        {history.isPending ? (
          <p
            role="status"
            className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground"
          >
            <Spinner className="size-5" />
            Loading notifications...
          </p>
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <BellOff aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-4 font-medium">
              {filtered ? 'No notifications match these filters' : 'No notifications yet'}
            </p>
            {filtered ? (
              <Button
                variant="link"
                className="mt-1"
                onClick={() => setFilters({ type: 'all', unreadOnly: false })}
              >
                Show all notifications
              </Button>
            ) : (
              <p className="mt-1 max-w-sm text-sm text-muted-foreground">
                Coach messages, goal progress, achievements and insights will appear here.
              </p>
            )}
          </div>
        ) : (
          <ul className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                now={now}
                onSelect={select}
              >
                <div className="flex shrink-0 flex-col items-center justify-center gap-1 px-2 sm:flex-row">
                  <button
                    type="button"
                    className={buttonClasses(
                      'ghost',
                      'icon',
                      'size-9 text-muted-foreground hover:text-foreground',
                    )}
                    aria-label={`${notification.read ? 'Mark as unread' : 'Mark as read'}: ${notification.title}`}
                    title={notification.read ? 'Mark as unread' : 'Mark as read'}
                    onClick={() =>
                      change.mutate({
                        kind: notification.read ? 'unread' : 'read',
                        id: notification.id,
                      })
                    }
                  >
                    {notification.read ? (
                      <Circle aria-hidden="true" className="size-4.5" />
                    ) : (
                      <CircleCheck aria-hidden="true" className="size-4.5" />
                    )}
                  </button>
                  <button
                    type="button"
                    className={buttonClasses(
                      'ghost',
                      'icon',
                      'size-9 text-muted-foreground hover:text-danger',
                    )}
                    aria-label={`Delete: ${notification.title}`}
                    title="Delete"
                    onClick={() => change.mutate({ kind: 'delete', id: notification.id })}
                  >
                    <Trash2 aria-hidden="true" className="size-4.5" />
                  </button>
                </div>
              </NotificationRow>
            ))}
          </ul>
        )}
        <LoadMore
          pages={history}
          end={
            notifications.length > 0 && !history.isPending ? 'That is every notification.' : null
          }
        />
      </section>
    </div>
  );
}
