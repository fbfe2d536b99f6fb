import { Ban, KeyRound, Link2, MoreHorizontal, ShieldCheck, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminLinkKind, AdminUser } from '#contracts/admin-users.ts';
import { appRoles, type AppRole } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/cn.ts';
import { isBanned, nameOf, roleLabels } from '../user-state.ts';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Badge({ tone, children }: { tone: 'good' | 'muted' | 'danger'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'good' && 'bg-primary-soft text-accent-foreground',
        tone === 'muted' && 'bg-muted text-muted-foreground',
        tone === 'danger' && 'bg-danger/10 text-danger',
      )}
    >
      {children}
    </span>
  );
}

/**
 * The role, chosen in a native select and saved with its own button: arrow keys on a closed
 * select change the value at once on some systems, and a role must not change on each press.
 */
function RoleControl({
  user,
  name,
  busy,
  onSave,
}: {
  user: AdminUser;
  name: string;
  busy: boolean;
  onSave: (role: AppRole) => void;
}) {
  const [role, setRole] = useState<AppRole>(user.role);
  const id = `role-${user.id}`;
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (role !== user.role) onSave(role);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Role of {name}
      </label>
      <Select
        id={id}
        className="w-28"
        value={role}
        disabled={busy}
        onChange={(event) => setRole(event.target.value as AppRole)}
      >
        {appRoles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </Select>
      {role !== user.role ? (
        <Button type="submit" size="sm" disabled={busy} aria-label={`Save the role of ${name}`}>
          Save
        </Button>
      ) : null}
    </form>
  );
}

export interface UserActions {
  changeRole: (user: AdminUser, role: AppRole) => void;
  setBan: (user: AdminUser, banned: boolean) => void;
  sendLink: (user: AdminUser, kind: AdminLinkKind) => void;
  askDelete: (user: AdminUser) => void;
}

/** One account: who, its standing, its role (changed in place) and what else can be done. */
export function UserCard({
  user,
  isSelf,
  busy,
  now,
  actions,
}: {
  user: AdminUser;
  /** The admin looking: they cannot suspend or delete themselves here. */
  isSelf: boolean;
  /** A change to this account is on its way. */
  busy: boolean;
  now: Date;
  actions: UserActions;
}) {
  const name = nameOf(user);
  const banned = isBanned(user, now);
  return (
    <li
      aria-busy={busy}
      className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{name}</span>
          {isSelf ? <Badge tone="muted">You</Badge> : null}
        </p>
        {user.name ? <p className="text-sm text-muted-foreground">{user.name}</p> : null}
        <p className="mt-1.5 flex flex-wrap gap-1.5">
          {user.isAnonymous ? (
            <Badge tone="muted">Anonymous</Badge>
          ) : user.confirmed ? (
            <Badge tone="good">Confirmed</Badge>
          ) : (
            <Badge tone="muted">Unconfirmed</Badge>
          )}
          {user.mfa ? <Badge tone="good">Two-factor on</Badge> : null}
          {banned ? <Badge tone="danger">Suspended</Badge> : null}
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>Joined</dt>
            <dd>
              <time dateTime={user.createdAt}>{day.format(new Date(user.createdAt))}</time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Last sign-in</dt>
            <dd>
              {user.lastSignInAt ? (
                <time dateTime={user.lastSignInAt}>
                  {moment.format(new Date(user.lastSignInAt))}
                </time>
              ) : (
                'never'
              )}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <RoleControl
          key={user.role}
          user={user}
          name={name}
          busy={busy}
          onSave={(role) => actions.changeRole(user, role)}
        />
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="icon" aria-label={`More for ${name}`} disabled={busy}>
              <MoreHorizontal aria-hidden="true" className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-60">
            <DropdownMenuItem
              disabled={!user.email || banned}
              onSelect={() => actions.sendLink(user, 'recovery')}
            >
              <KeyRound aria-hidden="true" />
              Send password reset
            </DropdownMenuItem>
            <DropdownMenuItem
              disabled={!user.email || banned}
              onSelect={() => actions.sendLink(user, 'magiclink')}
            >
              <Link2 aria-hidden="true" />
              Send sign-in link
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            {banned ? (
              <DropdownMenuItem onSelect={() => actions.setBan(user, false)}>
                <Undo2 aria-hidden="true" />
                Lift suspension
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem disabled={isSelf} onSelect={() => actions.setBan(user, true)}>
                <Ban aria-hidden="true" />
                Suspend
              </DropdownMenuItem>
            )}
            <DropdownMenuItem
              disabled={isSelf}
              className="text-danger focus:text-danger"
              onSelect={() => actions.askDelete(user)}
            >
              <Trash2 aria-hidden="true" />
              Delete account…
            </DropdownMenuItem>
            {isSelf ? (
              <p className="flex gap-2 px-2 py-1.5 text-xs text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
                Your own account is deleted from Settings.
              </p>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
