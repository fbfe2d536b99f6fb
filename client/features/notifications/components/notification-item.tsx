import { Bell, Lightbulb, MessageCircle, Target, Trophy, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type {
  Notification,
  NotificationPriority,
  NotificationType,
} from '#contracts/notifications.ts';
import { cn } from '#client/lib/cn.ts';
import { fullDate, timeAgo } from '../time-ago.ts';

const typeIcons: Record<NotificationType, LucideIcon> = {
  coach_message: MessageCircle,
  goal_progress: Target,
  achievement: Trophy,
  insight: Lightbulb,
  other: Bell,
};

/** Spec §3: high red, medium blue, low gray. */
const priorityStyles: Record<NotificationPriority, { label: string; text: string; icon: string }> =
  {
    high: { label: 'High priority', text: 'text-danger', icon: 'bg-danger/12 text-danger' },
    medium: { label: 'Medium priority', text: 'text-info', icon: 'bg-info/12 text-info' },
    low: { label: 'Low priority', text: 'text-neutral', icon: 'bg-neutral/15 text-neutral' },
  };

/** The current time, moving on every `intervalMs`, so "5 minutes ago" stays true while open. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * One notification's face: a type icon in its priority's colour, the title, the message clamped
 * to two lines, the priority and how long ago. Unread ones are bold with a dot.
 */
export function NotificationSummary({
  notification,
  now,
}: {
  notification: Notification;
  now: Date;
}) {
  const Icon = typeIcons[notification.type];
  const priority = priorityStyles[notification.priority];
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          priority.icon,
        )}
      >
        <Icon className="size-4.5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 text-sm break-words',
              notification.read
                ? 'font-medium text-foreground/90'
                : 'font-semibold text-foreground',
            )}
          >
            {notification.title}
          </span>{' '}
          {notification.read ? null : (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">(unread)</span>
            </span>
          )}
        </span>{' '}
        <span className="mt-0.5 line-clamp-2 text-sm break-words text-muted-foreground">
          {notification.message}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs">
          <span className={cn('font-medium', priority.text)}>{priority.label}</span>{' '}
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>{' '}
          <time
            dateTime={notification.created_at}
            title={fullDate(notification.created_at)}
            className="text-muted-foreground"
          >
            {timeAgo(notification.created_at, now)}
          </time>
        </span>
      </span>
    </>
  );
}

/** The clickable area of a notification; `children` go beside it (the history page's actions). */
export function NotificationRow({
  notification,
  now,
  onSelect,
  children,
  className,
}: {
  notification: Notification;
  now: Date;
  onSelect: (notification: Notification) => void;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <li
      className={cn(
        'flex items-stretch',
        notification.read ? null : 'bg-primary-soft/45',
        className,
      )}
      data-read={notification.read}
    >
      <button
        type="button"
        onClick={() => onSelect(notification)}
        className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 text-left transition hover:bg-muted/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <NotificationSummary notification={notification} now={now} />
      </button>
      {children}
    </li>
  );
}
