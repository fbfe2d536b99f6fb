import type { Notification, NotificationList } from '#contracts/notifications.ts';

// The spec's local update rules (§4): applied at once, without waiting for the server; the count
// never goes below 0. Pure functions over one list (a page of the pop-over or of the history).

export type LocalChange =
  | { kind: 'read'; id: string }
  | { kind: 'unread'; id: string }
  | { kind: 'readAll' }
  | { kind: 'delete'; id: string };

/**
 * How the unread count moves for `change`, given whether the notification was unread before
 * (undefined when no list on screen holds it: the count is then left alone).
 */
export function unreadDelta(change: LocalChange, wasUnread: boolean | undefined): number {
  if (wasUnread === undefined) return 0;
  switch (change.kind) {
    case 'read':
    case 'delete':
      return wasUnread ? -1 : 0;
    case 'unread':
      return wasUnread ? 0 : 1;
    case 'readAll':
      return 0;
  }
}

/** Whether `id` is unread in `list` (undefined when the list does not hold it). */
export function isUnreadIn(
  list: Pick<NotificationList, 'notifications'>,
  id: string,
): boolean | undefined {
  const found = list.notifications.find((notification) => notification.id === id);
  return found ? !found.read : undefined;
}

/**
 * `list` after `change`. `wasUnread` says what the notification was before, for lists that do not
 * hold it (an older page, another filter); it defaults to what this list says.
 */
export function applyLocalChange<L extends Pick<NotificationList, 'notifications' | 'unreadCount'>>(
  list: L,
  change: LocalChange,
  wasUnread: boolean | undefined = change.kind === 'readAll'
    ? undefined
    : isUnreadIn(list, change.id),
): L {
  if (change.kind === 'readAll') {
    return {
      ...list,
      notifications: list.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unreadCount: 0,
    };
  }
  const unreadCount = Math.max(0, list.unreadCount + unreadDelta(change, wasUnread));
  if (change.kind === 'delete') {
    return {
      ...list,
      notifications: list.notifications.filter((n) => n.id !== change.id),
      unreadCount,
    };
  }
  const read = change.kind === 'read';
  return {
    ...list,
    notifications: list.notifications.map((n) =>
      n.id === change.id && n.read !== read ? { ...n, read } : n,
    ),
    unreadCount,
  };
}

/**
 * A notification that arrived live, put at the top of the newest page: counted once if unread,
 * never twice (polling may already have brought it), and the page keeps its size.
 */
export function addCreated<L extends Pick<NotificationList, 'notifications' | 'unreadCount'>>(
  list: L,
  notification: Notification,
  pageSize: number,
): L {
  if (list.notifications.some((n) => n.id === notification.id)) return list;
  return {
    ...list,
    notifications: [notification, ...list.notifications].slice(0, pageSize),
    unreadCount: list.unreadCount + (notification.read ? 0 : 1),
  };
}

/** The badge's text: the count, or "9+" above 9 (spec §2). */
export function badgeText(unreadCount: number): string {
  return unreadCount > 9 ? '9+' : String(unreadCount);
}
