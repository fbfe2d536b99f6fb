import { MessageCircle, ShieldCheck, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  shareScopeLabels,
  shareScopes,
  type Share,
  type ShareActivity,
  type ShareScope,
} from '#contracts/coach-links.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useChangeShare, useCreateShare, useRevokeShare, useShares } from '../api.ts';
import { clientName, toggleScope } from '../client-list-state.ts';
import { formatMoment } from './dates.ts';

const activityWords: Record<ShareActivity['action'], string> = {
  'coach_share.created': 'You shared with',
  'coach_share.scopes_changed': 'You changed what you share with',
  'coach_share.revoked': 'You stopped sharing with',
};

function ScopeChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: readonly ShareScope[];
  onChange: (scopes: ShareScope[]) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {shareScopes.map((scope) => (
          <div key={scope} className="flex items-start gap-2">
            <Checkbox
              id={`${id}-${scope}`}
              checked={value.includes(scope)}
              onChange={() => onChange(toggleScope(value, scope))}
              aria-describedby={`${id}-${scope}-hint`}
              className="mt-0.5"
            />
            <div>
              <Label htmlFor={`${id}-${scope}`}>{shareScopeLabels[scope].label}</Label>
              <p id={`${id}-${scope}-hint`} className="text-xs text-muted-foreground">
                {shareScopeLabels[scope].description}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function NewShare({ userId }: { userId: string }) {
  const [who, setWho] = useState('');
  const [scopes, setScopes] = useState<ShareScope[]>(['goals']);
  const [tried, setTried] = useState(false);
  const create = useCreateShare(userId);
  const id = useId();
  const trimmed = who.trim();
  const isEmail = trimmed.includes('@');
  const problem =
    trimmed === ''
      ? 'Enter your coach’s email or the invite code they gave you.'
      : scopes.length === 0
        ? 'Choose at least one thing to share.'
        : null;
  const serverProblem = create.error?.message ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    create.mutate(isEmail ? { email: trimmed, scopes } : { code: trimmed, scopes }, {
      onSuccess: ({ share }) => {
        toast.success(`You now share with ${clientName(share.coach)}`);
        setWho('');
        setTried(false);
      },
    });
  };
  const shown = (tried && problem) || serverProblem;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Share with a coach">
      <div>
        <Label htmlFor={id}>Coach’s email or invite code</Label>
        <Input
          id={id}
          value={who}
          autoComplete="off"
          placeholder="coach@example.com or ABCD 2345"
          className="mt-1"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => {
            setWho(event.target.value);
            create.reset();
          }}
        />
      </div>
      <ScopeChoice legend="What they may see" value={scopes} onChange={setScopes} />
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {shown}
        </p>
      )}
      <Button type="submit" disabled={create.isPending}>
        <UserPlus aria-hidden="true" className="size-4" />
        {create.isPending ? 'Sharing…' : 'Share'}
      </Button>
    </form>
  );
}

function ShareRow({ userId, share }: { userId: string; share: Share }) {
  const [editing, setEditing] = useState(false);
  const [scopes, setScopes] = useState<ShareScope[]>(share.scopes);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeShare(userId);
  const revoke = useRevokeShare(userId);
  const name = clientName(share.coach);
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{name}</p>
          {share.coach.name && share.coach.email && (
            <p className="text-xs break-words text-muted-foreground">{share.coach.email}</p>
          )}
          <p className="mt-1 text-sm text-muted-foreground">
            Sees: {share.scopes.map((s) => shareScopeLabels[s].label).join(', ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/coaching/chat/${share.coachId}`}
            className={buttonClasses('outline', 'sm')}
            aria-label={`Message ${name}`}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Message
          </Link>
          <Button variant="ghost" size="sm" onClick={() => setEditing((open) => !open)}>
            {editing ? 'Close' : 'Change'}
          </Button>
          {confirming ? (
            <>
              <Button
                variant="danger"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(share.id, {
                    onSuccess: () => toast.success(`${name} no longer sees your progress`),
                    onError: (error) =>
                      toast.error('Sharing did not stop', { description: error.message }),
                  })
                }
              >
                Stop sharing now
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              Stop sharing
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <div className="space-y-3 rounded-xl bg-muted/50 p-3">
          <ScopeChoice legend={`What ${name} may see`} value={scopes} onChange={setScopes} />
          {scopes.length === 0 && (
            <p role="alert" className="text-sm text-danger">
              Choose at least one thing, or stop sharing instead.
            </p>
          )}
          <Button
            size="sm"
            disabled={scopes.length === 0 || change.isPending}
            onClick={() =>
              change.mutate(
                { id: share.id, scopes },
                {
                  onSuccess: () => {
                    toast.success('What you share was changed');
                    setEditing(false);
                  },
                  onError: (error) => toast.error('Not changed', { description: error.message }),
                },
              )
            }
          >
            Save
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Settings › Coaching: share chosen parts of your progress with a human coach, see every share,
 * change or stop it at once, and the record of every change.
 */
export function CoachSharing({ userId }: { userId: string }) {
  const shares = useShares(userId);
  return (
    <div className="space-y-6">
      <NewShare userId={userId} />
      <div>
        <h4 className="text-sm font-semibold">Your shares</h4>
        {shares.isPending ? (
          <div className="mt-3 space-y-2" role="status" aria-label="Loading your shares">
            <Skeleton className="h-12" />
          </div>
        ) : shares.isError ? (
          <ErrorState
            className="mt-3"
            title="Your shares could not load"
            onRetry={() => void shares.refetch()}
          />
        ) : shares.data.shares.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            You share nothing with a coach. Only coaches you add here see anything of yours.
          </p>
        ) : (
          <ul className="divide-y">
            {shares.data.shares.map((share) => (
              <ShareRow key={`${share.id}-${share.updatedAt}`} userId={userId} share={share} />
            ))}
          </ul>
        )}
      </div>
      {shares.data && shares.data.activity.length > 0 && (
        <details className="rounded-xl border p-3">
          <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Sharing activity
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {shares.data.activity.map((entry) => (
              <li key={`${entry.at}-${entry.action}`} className="text-muted-foreground">
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time>:{' '}
                {activityWords[entry.action]} {entry.coach}
                {entry.action !== 'coach_share.revoked' &&
                  ` (${entry.scopes.map((s) => shareScopeLabels[s].label).join(', ')})`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
