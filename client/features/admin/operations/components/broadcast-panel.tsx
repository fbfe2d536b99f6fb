import { Megaphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  broadcastAudiences,
  broadcastSchema,
  type BroadcastAudience,
  type BroadcastInput,
} from '#contracts/admin-operations.ts';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '#contracts/notifications.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useBroadcast } from '../api.ts';

export const audienceLabels: Record<BroadcastAudience, string> = {
  all: 'Everyone',
  user: 'People (the user role)',
  coach: 'Coaches',
  admin: 'Admins',
};

/** Broadcast: an in-app notification to everyone or to one role, after a confirmation. */
export function BroadcastPanel() {
  const ids = useId();
  const [draft, setDraft] = useState<BroadcastInput>({ audience: 'all', title: '', message: '' });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const broadcast = useBroadcast();

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = broadcastSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue ? `${String(issue.path[0] ?? 'The form')}: ${issue.message}` : 'Check the form.',
      );
      return;
    }
    setProblem(null);
    setConfirming(true);
  };
  const send = () => {
    broadcast.mutate(draft, {
      onSuccess: (result) => {
        toast.success(
          `Sent to ${result.notified} ${result.notified === 1 ? 'account' : 'accounts'}${result.recipients > result.notified ? ` (${result.recipients - result.notified} turned these notifications off)` : ''}.`,
        );
        setDraft({ audience: draft.audience, title: '', message: '' });
        setConfirming(false);
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <form onSubmit={review} className="max-w-2xl space-y-4" aria-describedby={`${ids}-about`}>
      <p id={`${ids}-about`} className="text-sm text-muted-foreground">
        It arrives in the notifications of every account in the audience, as an “other”
        notification; people who turned those off do not get it. Every broadcast is written to the
        audit log.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-audience`}>Audience</Label>
        <Select
          id={`${ids}-audience`}
          value={draft.audience}
          disabled={confirming}
          onChange={(event) =>
            setDraft((current) => ({
              ...current,
              audience: event.target.value as BroadcastAudience,
            }))
          }
        >
          {broadcastAudiences.map((audience) => (
            <option key={audience} value={audience}>
              {audienceLabels[audience]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-title`}>Title</Label>
        <Input
          id={`${ids}-title`}
          required
          maxLength={NOTIFICATION_TITLE_MAX}
          disabled={confirming}
          value={draft.title}
          onChange={(event) => setDraft((current) => ({ ...current, title: event.target.value }))}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-message`}>Message</Label>
        <Textarea
          id={`${ids}-message`}
          required
          rows={4}
          maxLength={NOTIFICATION_MESSAGE_MAX}
          disabled={confirming}
          value={draft.message}
          onChange={(event) => setDraft((current) => ({ ...current, message: event.target.value }))}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-[var(--error-text)]">
          {problem}
        </p>
      ) : null}
      {broadcast.isError ? (
        <p role="alert" className="text-sm text-[var(--error-text)]">
          {broadcast.error.message}
        </p>
      ) : null}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby={`${ids}-confirm`}
          className="space-y-3 rounded-xl border bg-muted/40 p-4"
        >
          <p id={`${ids}-confirm`} className="font-medium">
            Send “{draft.title.trim()}” to {audienceLabels[draft.audience].toLowerCase()}?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={send} disabled={broadcast.isPending} autoFocus>
              <Megaphone aria-hidden="true" className="size-4" />
              {broadcast.isPending ? 'Sending…' : 'Send now'}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => setConfirming(false)}
              disabled={broadcast.isPending}
            >
              Back to editing
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">Review and send</Button>
      )}
    </form>
  );
}
