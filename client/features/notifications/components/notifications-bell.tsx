import * as Popover from '@radix-ui/react-popover';
import { Bell, Settings } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '#contracts/notifications.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { useLatestNotifications, useNotificationChange, useNotificationEvents } from '../api.ts';
import { destinationOf } from '../navigation.ts';
import { badgeText } from '../notification-state.ts';
import { NotificationRow, useNow } from './notification-item.tsx';

function unreadPhrase(count: number): string {
  return `${count} unread notification${count === 1 ? '' : 's'}`;
}

/** The notifications pop-over (spec §2): the bell, its unread badge and the newest 20. */
export function NotificationsBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const navigated = useRef(false);
  const navigate = useNavigate();
  const latest = useLatestNotifications(userId);
  const change = useNotificationChange(userId);
  useNotificationEvents(userId);

  const unread = latest.data?.unreadCount ?? 0;
  const notifications = latest.data?.notifications ?? [];

  const close = (afterNavigation: boolean) => {
    navigated.current = afterNavigation;
    setOpen(false);
  };

  const select = (notification: Notification) => {
    if (!notification.read) change.mutate({ kind: 'read', id: notification.id });
    const to = destinationOf(notification);
    if (to) void navigate(to);
    close(to !== null);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen} modal>
      <Popover.Trigger
        className={buttonClasses(
          'ghost',
          'icon',
          'relative rounded-full data-[state=open]:bg-muted',
        )}
        aria-label={unread > 0 ? `Notifications, ${unreadPhrase(unread)}` : 'Notifications'}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-semibold text-danger-foreground ring-2 ring-background"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      {/* Announces changes of the count (a new notification, a read-all) to screen readers. */}
      <span role="status" className="sr-only">
        {unread > 0 ? unreadPhrase(unread) : ''}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          onCloseAutoFocus={(event) => {
            // After a navigation focus belongs to the new page, not to the bell.
            if (navigated.current) event.preventDefault();
            navigated.current = false;
          }}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center gap-2 border-b px-4 py-3">
            <h2 id={headingId} className="flex-1 text-base font-semibold">
              Notifications
            </h2>
            {unread > 0 ? (
              <button
                type="button"
                className={buttonClasses('ghost', 'sm', 'h-8 px-2.5 text-primary')}
                onClick={() => change.mutate({ kind: 'readAll' })}
              >
                Mark all read
              </button>
            ) : null}
            <Link
              to={paths.notificationSettings}
              aria-label="Notification settings"
              title="Notification settings"
              className={buttonClasses('ghost', 'icon', 'size-8 rounded-full')}
              onClick={() => close(true)}
            >
              <Settings aria-hidden="true" className="size-4.5" />
            </Link>
          </div>
          <PopoverBody loading={latest.isPending} notifications={notifications} onSelect={select} />
          <div className="border-t p-2">
            <Link
              to={paths.notifications}
              className={buttonClasses('ghost', 'sm', 'w-full text-primary')}
              onClick={() => close(true)}
            >
              View all notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PopoverBody({
  loading,
  notifications,
  onSelect,
}: {
  loading: boolean;
  notifications: Notification[];
  onSelect: (notification: Notification) => void;
}) {
  const now = useNow();
  if (loading) {
    return (
      <p role="status" className="px-4 py-10 text-center text-sm text-muted-foreground">
        Loading notifications...
      </p>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center px-4 py-10 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Bell aria-hidden="true" className="size-5" />
        </span>
        <p className="mt-3 text-sm text-muted-foreground">No notifications yet</p>
      </div>
    );
  }
  return (
    <ul
      aria-label="Latest notifications"
      className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain"
    >
      {notifications.map((notification) => (
        <NotificationRow
          key={notification.id}
          notification={notification}
          now={now}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}
