import type { AdminUser, AdminUserList } from '#contracts/admin-users.ts';
import { ADMIN_USERS_PAGE_SIZE, adminUserPaths } from '#contracts/admin-users.ts';
import type { AppRole } from '#contracts/auth.ts';

// The Users panel's rules without I/O: the list's URL, paging, how a change shows in a cached
// page, and how an account is named and described.

export interface UserFilters {
  /** Part of an address or a name; empty for everyone. */
  q: string;
  role: AppRole | 'all';
  page: number;
}

export const defaultUserFilters: UserFilters = { q: '', role: 'all', page: 1 };

export function usersListPath(filters: UserFilters, perPage = ADMIN_USERS_PAGE_SIZE): string {
  const search = new URLSearchParams({ page: String(filters.page), perPage: String(perPage) });
  const q = filters.q.trim();
  if (q) search.set('q', q);
  if (filters.role !== 'all') search.set('role', filters.role);
  return `${adminUserPaths.list.href()}?${search.toString()}`;
}

/** How many pages `total` accounts fill (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(list: Pick<AdminUserList, 'total' | 'perPage'>): number {
  return Math.max(1, Math.ceil(list.total / list.perPage));
}

/** "26–50 of 73" for the page on screen; "No accounts" when there are none. */
export function pageSummary(list: AdminUserList): string {
  if (list.total === 0 || list.users.length === 0) return 'No accounts';
  const from = (list.page - 1) * list.perPage + 1;
  const to = from + list.users.length - 1;
  return `${from}–${to} of ${list.total}`;
}

/** The page with one account replaced by its new state (a new role, a ban lifted). */
export function replaceUser(list: AdminUserList, user: AdminUser): AdminUserList {
  if (!list.users.some((u) => u.id === user.id)) return list;
  return { ...list, users: list.users.map((u) => (u.id === user.id ? user : u)) };
}

/** The page without a deleted account, and one fewer in the total. */
export function removeUser(list: AdminUserList, id: string): AdminUserList {
  if (!list.users.some((u) => u.id === id)) return list;
  return { ...list, users: list.users.filter((u) => u.id !== id), total: list.total - 1 };
}

export function isBanned(user: Pick<AdminUser, 'bannedUntil'>, now: Date): boolean {
  return user.bannedUntil !== null && new Date(user.bannedUntil).getTime() > now.getTime();
}

/** How the panel names an account: the address, else the number, else what it is. */
export function nameOf(user: Pick<AdminUser, 'email' | 'phone' | 'isAnonymous'>): string {
  return user.email ?? user.phone ?? (user.isAnonymous ? 'Anonymous account' : 'Account');
}

export const roleLabels: Record<AppRole, string> = { user: 'User', coach: 'Coach', admin: 'Admin' };

/** The filters after a new search: back to the first page. */
export function searchFor(filters: UserFilters, q: string): UserFilters {
  return { ...filters, q: q.trim(), page: 1 };
}

/** The filters after choosing a role to show: back to the first page. */
export function showRole(filters: UserFilters, role: UserFilters['role']): UserFilters {
  return { ...filters, role, page: 1 };
}
