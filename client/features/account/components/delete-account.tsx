import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { AccountDeletionProof } from '#contracts/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { paths } from '#client/lib/paths.ts';
import { getQueryClient } from '#client/lib/query-client.ts';
import type { AccountAuthApi } from '../account-api.ts';
import { useDeleteAccount, useDeletionProof } from '../deletion-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** The proof the dialog asks for: a password field, an emailed code, or nothing. */
function ProofField({
  proof,
  auth,
  value,
  onChange,
  error,
}: {
  proof: AccountDeletionProof;
  auth: AccountAuthApi;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const ids = useId();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  if (proof.proof === 'none') return null;
  const errorId = `${ids}-error`;
  const sendCode = async () => {
    setSending(true);
    try {
      const { error: sendError } = await auth.reauthenticate();
      if (sendError) throw sendError;
      setSent(true);
      toast.success('Code sent', { description: `Check ${proof.email ?? 'your email'}.` });
    } catch (caught: unknown) {
      toast.error('The code was not sent', { description: messageOf(caught, 'Try again.') });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="mt-5 space-y-1.5">
      {proof.proof === 'password' ? (
        <Label htmlFor={`${ids}-proof`}>Your password</Label>
      ) : (
        <>
          <Label htmlFor={`${ids}-proof`}>Code from the email</Label>
          <p className="text-sm text-muted-foreground">
            Your account has no password, so we email a code to{' '}
            <span className="font-medium break-all">{proof.email}</span>.{' '}
            <Button
              variant="link"
              className="h-auto p-0"
              disabled={sending}
              onClick={() => void sendCode()}
            >
              {sending ? 'Sending...' : sent ? 'Send another code' : 'Email me a code'}
            </Button>
          </p>
        </>
      )}
      <Input
        id={`${ids}-proof`}
        required
        autoFocus
        {...(proof.proof === 'password'
          ? { type: 'password', autoComplete: 'current-password' }
          : {
              inputMode: 'numeric' as const,
              autoComplete: 'one-time-code',
              className: 'font-mono tracking-[0.3em] sm:max-w-48',
            })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Settings → Account: delete the account, after proof, then off to the public home page. */
export function DeleteAccount({ auth }: { auth: AccountAuthApi }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const proof = useDeletionProof(open);
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValue('');
      setError(null);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!proof.data) return;
    setError(null);
    const body =
      proof.data.proof === 'password'
        ? { password: value }
        : proof.data.proof === 'code'
          ? { code: value.trim() }
          : {};
    const leave = async () => {
      // Off the signed-in area first, so its guard does not send the person to the login page.
      await navigate(paths.home, { replace: true });
      // Every session is already gone at the server; only this browser's copy is left.
      await auth.signOut({ scope: 'local' });
      getQueryClient().clear();
      toast.success('Your account is deleted', {
        description: 'Everything in it is gone, and you are signed out everywhere.',
      });
    };
    remove.mutate(body, {
      onSuccess: () => void leave(),
      onError: (caught) => setError(messageOf(caught, 'Your account was not deleted. Try again.')),
    });
  };

  return (
    <SettingsCard
      id="delete-account"
      title="Delete account"
      description="Removes your account and everything in it: goals, tasks, coaching, history and settings. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent role="alertdialog">
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your goals, tasks, coaching, history and settings are removed for good, and you are
            signed out on every device.
          </DialogDescription>
          {proof.isPending ? (
            <div role="status" aria-label="Loading" className="mt-5">
              <Skeleton className="h-16" />
            </div>
          ) : proof.isError || !proof.data ? (
            <ErrorState
              className="mt-5"
              title="This could not load"
              onRetry={() => void proof.refetch()}
            />
          ) : (
            <form onSubmit={submit}>
              <ProofField
                proof={proof.data}
                auth={auth}
                value={value}
                onChange={(next) => {
                  setValue(next);
                  setError(null);
                }}
                error={error}
              />
              {proof.data.proof === 'none' && error ? (
                <p role="alert" className="mt-4 text-sm text-danger">
                  {error}
                </p>
              ) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep my account</Button>
                </DialogClose>
                <Button type="submit" variant="danger" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete my account'}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
