import type { UserJson } from '#contracts/auth.ts';
import { authErrors } from './auth.errors.ts';
import { loadUserOrThrow } from './admin-users.ts';
import type { AuthDeps } from './deps.ts';
import { userJson } from './user-json.ts';
import { listUsers } from './users.repo.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

/** Admin API: the paged user list and one user (contract §3.13). */
export function createAdminUserReadsService(deps: AuthDeps) {
  const { db } = deps;

  async function list(query: { page?: string; per_page?: string; filter?: string; sort?: string }) {
    const parse = (value: string | undefined, fallback: number) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d{1,9}$/.test(value)) throw authErrors.validation('Bad Pagination Parameters');
      return Number(value);
    };
    const page = Math.max(1, parse(query.page, 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, parse(query.per_page, DEFAULT_PER_PAGE)));
    // GoTrue's default is newest first (`created_at desc`); `sort=created_at asc` turns it round.
    const sortDesc = !/\basc\b/i.test(query.sort ?? '');
    const result = await listUsers(db, {
      page,
      perPage,
      filter: query.filter?.trim() || undefined,
      sortDesc,
    });
    const lastPage = Math.max(1, Math.ceil(result.total / perPage));
    // `page` must come first in each URL: the client reads the digit after the first "=".
    const link = (p: number) => `</auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
    const links = [
      ...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []),
      `${link(lastPage)}; rel="last"`,
    ];
    return {
      body: { users: result.users.map(userJson), aud: 'authenticated' },
      total: result.total,
      link: links.join(', '),
    };
  }

  async function get(userId: string): Promise<UserJson> {
    return userJson(await loadUserOrThrow(db, userId));
  }

  return { list, get };
}
