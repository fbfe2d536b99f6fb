import { useId, useState, type FormEvent } from 'react';
import { appRoles, type AppRole } from '#contracts/auth.ts';
import type { AdminCreateUser, AdminUser } from '#contracts/admin-users.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { nameOf, roleLabels } from '../user-state.ts';

/** Asks before deleting an account, naming the person and what goes with it. */
export function DeleteUserDialog({
  user,
  pending,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}) {
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={user ? `Delete ${nameOf(user)}?` : 'Delete account?'}
      description={
        <>
          Their goals, tasks, coaching, notifications and every other record of theirs are removed,
          and they are signed out everywhere. This cannot be undone.
        </>
      }
      confirmLabel={pending ? 'Deleting...' : 'Delete account'}
      pending={pending}
      onConfirm={() => {
        if (user) onConfirm(user);
      }}
    />
  );
}

/** A new account: an address, a role, and a password or else an emailed invitation. */
export function CreateUserDialog({
  open,
  pending,
  onOpenChange,
  onCreate,
}: {
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (input: AdminCreateUser) => void;
}) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AppRole>('user');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCreate({ email: email.trim(), role, ...(password ? { password } : {}) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setEmail('');
          setRole('user');
          setPassword('');
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>Create an account</DialogTitle>
        <DialogDescription>
          With a password the account is ready at once. Leave it empty to email an invitation
          instead: the person chooses their own password.
        </DialogDescription>
        <form onSubmit={submit} className="mt-5 space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-email`}>Email</Label>
            <Input
              id={`${ids}-email`}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-role`}>Role</Label>
            <Select
              id={`${ids}-role`}
              value={role}
              onChange={(event) => setRole(event.target.value as AppRole)}
            >
              {appRoles.map((option) => (
                <option key={option} value={option}>
                  {roleLabels[option]}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-password`}>Password (optional)</Label>
            <Input
              id={`${ids}-password`}
              type="password"
              autoComplete="new-password"
              aria-describedby={`${ids}-password-hint`}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id={`${ids}-password-hint`} className="text-xs text-muted-foreground">
              Empty: we email an invitation.
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? 'Creating...' : password ? 'Create account' : 'Create and invite'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
