import { describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '#contracts/notifications.ts';
import { addCreated, applyLocalChange, badgeText, unreadDelta } from './notification-state.ts';

function notification(id: string, read: boolean): Notification {
  return {
    id,
    type: 'other',
    title: `Title ${id}`,
    message: 'Message',
    read,
    priority: 'medium',
    created_at: '2025-03-01T09:00:00.000Z',
  };
}

function list(
  items: Notification[],
  unreadCount = items.filter((n) => !n.read).length,
): NotificationList {
  return { notifications: items, unreadCount, nextCursor: null };
}

describe('local update rules (spec §4)', () => {
  const start = list([notification('a', false), notification('b', false), notification('c', true)]);

  it('marking one read sets it read and lowers the count by one, once', () => {
    const once = applyLocalChange(start, { kind: 'read', id: 'a' });
    expect(once.notifications.find((n) => n.id === 'a')?.read).toBe(true);
    expect(once.unreadCount).toBe(1);
    expect(applyLocalChange(once, { kind: 'read', id: 'a' }).unreadCount).toBe(1);
    // Already read: nothing moves.
    expect(applyLocalChange(start, { kind: 'read', id: 'c' })).toEqual(start);
  });

  it('mark all sets every notification read and the count to 0', () => {
    const all = applyLocalChange(list([notification('a', false)], 12), { kind: 'readAll' });
    expect(all.notifications.every((n) => n.read)).toBe(true);
    expect(all.unreadCount).toBe(0);
  });

  it('deleting an unread one removes it and lowers the count by one; a read one leaves the count', () => {
    const unread = applyLocalChange(start, { kind: 'delete', id: 'b' });
    expect(unread.notifications.map((n) => n.id)).toEqual(['a', 'c']);
    expect(unread.unreadCount).toBe(1);
    const read = applyLocalChange(start, { kind: 'delete', id: 'c' });
    expect(read.notifications.map((n) => n.id)).toEqual(['a', 'b']);
    expect(read.unreadCount).toBe(2);
  });

  it('never takes the count below 0', () => {
    const odd = list([notification('a', false)], 0);
    expect(applyLocalChange(odd, { kind: 'read', id: 'a' }).unreadCount).toBe(0);
    expect(applyLocalChange(odd, { kind: 'delete', id: 'a' }).unreadCount).toBe(0);
  });

  it('marking unread raises the count by one', () => {
    expect(applyLocalChange(start, { kind: 'unread', id: 'c' }).unreadCount).toBe(3);
    expect(applyLocalChange(start, { kind: 'unread', id: 'a' }).unreadCount).toBe(2);
  });

  it('moves the count of a list that does not hold the notification by what another list knew', () => {
    const other = list([notification('z', false)], 5);
    expect(applyLocalChange(other, { kind: 'read', id: 'a' }, true).unreadCount).toBe(4);
    expect(applyLocalChange(other, { kind: 'delete', id: 'a' }, false).unreadCount).toBe(5);
    expect(applyLocalChange(other, { kind: 'read', id: 'a' }).unreadCount).toBe(5);
    expect(unreadDelta({ kind: 'read', id: 'x' }, undefined)).toBe(0);
  });

  it('adds a live notification on top, counted once, keeping the page size', () => {
    const full = list(
      Array.from({ length: 20 }, (_, i) => notification(`n${i}`, true)),
      0,
    );
    const fresh = notification('new', false);
    const added = addCreated(full, fresh, 20);
    expect(added.notifications).toHaveLength(20);
    expect(added.notifications[0]?.id).toBe('new');
    expect(added.unreadCount).toBe(1);
    expect(addCreated(added, fresh, 20)).toBe(added);
  });

  it('shows the count on the badge, and 9+ above 9', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(12)).toBe('9+');
  });
});
