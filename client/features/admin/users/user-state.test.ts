import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserList } from '#contracts/admin-users.ts';
import {
  defaultUserFilters,
  isBanned,
  nameOf,
  pageCount,
  pageSummary,
  removeUser,
  replaceUser,
  searchFor,
  showRole,
  usersListPath,
} from './user-state.ts';

function user(id: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `${id}@example.com`,
    phone: null,
    name: null,
    role: 'user',
    createdAt: '2025-03-01T09:00:00.000Z',
    lastSignInAt: null,
    confirmed: true,
    mfa: false,
    bannedUntil: null,
    isAnonymous: false,
    hasPassword: true,
    ...overrides,
  };
}

function list(users: AdminUser[], overrides: Partial<AdminUserList> = {}): AdminUserList {
  return { users, total: users.length, page: 1, perPage: 25, ...overrides };
}

describe('the Users panel’s state', () => {
  it('builds the list URL with only the filters in use', () => {
    expect(usersListPath(defaultUserFilters)).toBe('/api/admin/users?page=1&perPage=25');
    expect(usersListPath({ q: '  ada ', role: 'coach', page: 3 }, 10)).toBe(
      '/api/admin/users?page=3&perPage=10&q=ada&role=coach',
    );
  });

  it('counts pages and says which accounts are on screen', () => {
    expect(pageCount({ total: 0, perPage: 25 })).toBe(1);
    expect(pageCount({ total: 51, perPage: 25 })).toBe(3);
    expect(pageSummary(list([]))).toBe('No accounts');
    const second = list([user('a'), user('b')], { total: 27, page: 2 });
    expect(pageSummary(second)).toBe('26–27 of 27');
  });

  it('replaces a changed account in place and leaves other pages alone', () => {
    const page = list([user('a'), user('b')]);
    const promoted = user('b', { role: 'coach' });
    expect(replaceUser(page, promoted).users.map((u) => u.role)).toEqual(['user', 'coach']);
    expect(replaceUser(page, user('z'))).toBe(page);
  });

  it('drops a deleted account and one from the total', () => {
    const page = list([user('a'), user('b')], { total: 30 });
    const after = removeUser(page, 'a');
    expect(after.users.map((u) => u.id)).toEqual(['b']);
    expect(after.total).toBe(29);
    expect(removeUser(page, 'z')).toBe(page);
  });

  it('tells a suspension from one that has ended', () => {
    const now = new Date('2025-03-02T00:00:00.000Z');
    expect(isBanned(user('a'), now)).toBe(false);
    expect(isBanned(user('a', { bannedUntil: '2125-01-01T00:00:00.000Z' }), now)).toBe(true);
    expect(isBanned(user('a', { bannedUntil: '2025-03-01T00:00:00.000Z' }), now)).toBe(false);
  });

  it('names an account by address, else number, else what it is', () => {
    expect(nameOf(user('a'))).toBe('a@example.com');
    expect(nameOf(user('a', { email: null, phone: '+14155550123' }))).toBe('+14155550123');
    expect(nameOf(user('a', { email: null, isAnonymous: true }))).toBe('Anonymous account');
  });

  it('goes back to the first page on a new search or role', () => {
    const far = { q: 'x', role: 'all' as const, page: 4 };
    expect(searchFor(far, ' grace ')).toEqual({ q: 'grace', role: 'all', page: 1 });
    expect(showRole(far, 'admin')).toEqual({ q: 'x', role: 'admin', page: 1 });
  });
});
