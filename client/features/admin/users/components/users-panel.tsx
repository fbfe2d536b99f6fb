import { ChevronLeft, ChevronRight, Search, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '#contracts/admin-users.ts';
import { appRoles } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import {
  useAdminUsers,
  useChangeRole,
  useCreateUser,
  useDeleteUser,
  useSendLink,
  useSetBan,
} from '../api.ts';
import {
  defaultUserFilters,
  nameOf,
  pageCount,
  pageSummary,
  roleLabels,
  searchFor,
  showRole,
  type UserFilters,
} from '../user-state.ts';
import { UserCard, type UserActions } from './user-card.tsx';
import { CreateUserDialog, DeleteUserDialog } from './user-dialogs.tsx';

const failed = (title: string) => (error: unknown) =>
  toast.error(title, { description: messageOf(error, 'Please try again.') });

/** What the panel's actions do, each with a toast saying how it went. */
function useActions(onAskDelete: (user: AdminUser) => void) {
  const changeRole = useChangeRole();
  const setBan = useSetBan();
  const sendLink = useSendLink();
  const busyId = changeRole.isPending
    ? changeRole.variables.id
    : setBan.isPending
      ? setBan.variables.id
      : null;
  const actions: UserActions = {
    changeRole: (user, role) =>
      changeRole.mutate(
        { id: user.id, role },
        {
          onSuccess: () => toast.success(`${nameOf(user)} is now ${roleLabels[role]}`),
          onError: failed('The role did not change'),
        },
      ),
    setBan: (user, banned) =>
      setBan.mutate(
        { id: user.id, banned },
        {
          onSuccess: () =>
            toast.success(
              banned ? `${nameOf(user)} is suspended` : `${nameOf(user)} can sign in again`,
              banned ? { description: 'Their sessions have ended.' } : undefined,
            ),
          onError: failed(banned ? 'The account was not suspended' : 'The suspension stays'),
        },
      ),
    sendLink: (user, kind) =>
      sendLink.mutate(
        { id: user.id, kind },
        {
          onSuccess: (sent) =>
            toast.success(kind === 'recovery' ? 'Password reset sent' : 'Sign-in link sent', {
              description: `The email is on its way to ${sent.to}.`,
            }),
          onError: failed('The email was not sent'),
        },
      ),
    askDelete: onAskDelete,
  };
  return { actions, busyId };
}

/** The Users tab: search, role filter, pages of accounts, and what an admin may do to each. */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const ids = useId();
  const [filters, setFilters] = useState<UserFilters>(defaultUserFilters);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const users = useAdminUsers(filters);
  const remove = useDeleteUser();
  const create = useCreateUser();
  const { actions, busyId } = useActions(setDeleting);
  const list = users.data;
  const pages = list ? pageCount(list) : 1;
  const now = new Date();

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters((current) => searchFor(current, search));
  };

  const confirmDelete = (user: AdminUser) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(`${nameOf(user)} is deleted`, {
          description: 'Their account and everything of theirs are gone.',
        });
        if (list && list.users.length === 1 && filters.page > 1)
          setFilters((current) => ({ ...current, page: current.page - 1 }));
      },
      onError: failed('The account was not deleted'),
    });

  return (
    <div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <form
          role="search"
          aria-label="Search accounts"
          onSubmit={submitSearch}
          className="grid flex-1 gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-q`}>Email or name</Label>
            <Input
              id={`${ids}-q`}
              type="search"
              placeholder="Part of an address or a name"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-role`}>Role</Label>
            <Select
              id={`${ids}-role`}
              value={filters.role}
              onChange={(event) =>
                setFilters((current) =>
                  showRole(current, event.target.value as UserFilters['role']),
                )
              }
            >
              <option value="all">All roles</option>
              {appRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </form>
        <Button onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          Create account
        </Button>
      </div>

      <div className="mt-5">
        {users.isPending ? (
          <div role="status" aria-label="Loading accounts" className="space-y-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : users.isError || !list ? (
          <ErrorState
            title="The accounts could not load"
            message={messageOf(users.error, 'Check your connection and try again.')}
            onRetry={() => void users.refetch()}
          />
        ) : list.users.length === 0 ? (
          <EmptyState icon={<Users aria-hidden="true" />} title="No accounts match">
            {filters.q || filters.role !== 'all'
              ? 'Try part of the address, or another role.'
              : 'Nobody has an account yet.'}
          </EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
              {pageSummary(list)}
            </p>
            <ul aria-label="Accounts" aria-busy={users.isFetching} className="space-y-2">
              {list.users.map((user) => (
                <UserCard
                  key={user.id}
                  user={user}
                  isSelf={user.id === currentUserId}
                  busy={busyId === user.id}
                  now={now}
                  actions={actions}
                />
              ))}
            </ul>
            <nav aria-label="Pages of accounts" className="mt-4 flex items-center justify-between">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {list.page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          </>
        )}
      </div>

      <DeleteUserDialog
        user={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <CreateUserDialog
        key={createKey}
        open={creating}
        pending={create.isPending}
        onOpenChange={setCreating}
        onCreate={(input) =>
          create.mutate(input, {
            onSuccess: (user) => {
              setCreating(false);
              setCreateKey((key) => key + 1);
              toast.success(`${nameOf(user)} has an account`, {
                description: user.hasPassword
                  ? `They can sign in now as ${roleLabels[user.role]}.`
                  : 'An invitation is on its way to them.',
              });
            },
            onError: failed('The account was not created'),
          })
        }
      />
    </div>
  );
}
