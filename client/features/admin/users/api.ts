import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  adminLinkSentSchema,
  adminUserDeletedSchema,
  adminUserListSchema,
  adminUserPaths,
  adminUserSchema,
  type AdminCreateUser,
  type AdminLinkKind,
  type AdminUser,
  type AdminUserList,
} from '#contracts/admin-users.ts';
import type { AppRole } from '#contracts/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { removeUser, replaceUser, usersListPath, type UserFilters } from './user-state.ts';

export const adminUserKeys = {
  /** Every cached page of the Users panel. */
  all: ['admin', 'users'] as const,
  list: (filters: UserFilters) => ['admin', 'users', 'list', filters] as const,
};

/** One page of accounts; the previous page stays on screen while the next one loads. */
export function useAdminUsers(filters: UserFilters) {
  return useQuery({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(adminUserListSchema, usersListPath(filters), { signal }),
    placeholderData: keepPreviousData,
    // The panel shows its own error with a way to try again.
    meta: { silentError: true },
  });
}

function updateLists(
  queryClient: QueryClient,
  change: (list: AdminUserList) => AdminUserList,
): void {
  for (const [key, list] of queryClient.getQueriesData<AdminUserList>({
    queryKey: adminUserKeys.all,
  })) {
    if (list) queryClient.setQueryData(key, change(list));
  }
}

/** The account's new state in every cached page at once, then read again from the server. */
function useUserMutation<Input>(call: (input: Input) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => updateLists(queryClient, (list) => replaceUser(list, user)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    // Each action says how it went in a toast of its own.
    meta: { silentError: true },
  });
}

export function useChangeRole() {
  return useUserMutation(({ id, role }: { id: string; role: AppRole }) =>
    apiRequest(adminUserSchema, adminUserPaths.role.href({ id }), {
      method: 'PUT',
      body: { role },
    }),
  );
}

export function useSetBan() {
  return useUserMutation(({ id, banned }: { id: string; banned: boolean }) =>
    apiRequest(adminUserSchema, adminUserPaths.ban.href({ id }), {
      method: 'PUT',
      body: { banned },
    }),
  );
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(adminUserDeletedSchema, adminUserPaths.user.href({ id }), { method: 'DELETE' }),
    onSuccess: (_result, id) => updateLists(queryClient, (list) => removeUser(list, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    meta: { silentError: true },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCreateUser) =>
      apiRequest(adminUserSchema, adminUserPaths.list.href(), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    meta: { silentError: true },
  });
}

export function useSendLink() {
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: AdminLinkKind }) =>
      apiRequest(adminLinkSentSchema, adminUserPaths.link.href({ id }), {
        method: 'POST',
        body: { kind },
      }),
    meta: { silentError: true },
  });
}
