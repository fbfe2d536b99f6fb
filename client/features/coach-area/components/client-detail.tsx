import { BarChart3, CheckSquare, Lock, NotebookPen, Send, Sparkles, Target } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NOTE_MAX, shareScopeLabels, type ClientSummary } from '#contracts/coach-links.ts';
import { MESSAGE_MAX } from '#contracts/coaching.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { ProgressBar } from '#client/components/ui/progress.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import {
  useClientAnalytics,
  useClientGoals,
  useClientMessages,
  useClientReflections,
  useClientTasks,
  useNote,
  useSaveNote,
  useSendToClient,
} from '../api.ts';
import { clientName } from '../client-list-state.ts';
import { formatDay, formatMoment } from './dates.ts';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  );
}

function Goals({ userId, clientId }: { userId: string; clientId: string }) {
  const goals = useClientGoals(userId, clientId, true);
  if (goals.isPending) return <Loading label="Loading goals" />;
  if (goals.isError) return <ErrorState onRetry={() => void goals.refetch()} />;
  if (goals.data.goals.length === 0) {
    return <p className="text-sm text-muted-foreground">No goals yet.</p>;
  }
  return (
    <ul className="space-y-4">
      {goals.data.goals.map(({ goal, milestones, atRisk }) => (
        <li key={goal.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium break-words">{goal.title}</p>
            <p className="text-xs text-muted-foreground">
              {goal.status} · due {goal.deadline}
              {atRisk && <span className="ml-2 font-semibold text-danger">Behind pace</span>}
            </p>
          </div>
          <ProgressBar value={goal.progress} label={`${goal.title} progress`} className="mt-2" />
          <p className="mt-1 text-xs text-muted-foreground">{goal.progress} % done</p>
          {milestones.length > 0 && (
            <ul className="mt-2 space-y-1 border-l pl-3 text-sm">
              {milestones.map((m) => (
                <li key={m.id} className={m.done ? 'text-muted-foreground line-through' : ''}>
                  {m.title} <span className="text-xs text-muted-foreground">({m.dueDate})</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function Tasks({ userId, clientId }: { userId: string; clientId: string }) {
  const tasks = useClientTasks(userId, clientId, true);
  if (tasks.isPending) return <Loading label="Loading tasks" />;
  if (tasks.isError) return <ErrorState onRetry={() => void tasks.refetch()} />;
  const open = tasks.data.tasks.filter((task) => task.status === 'open');
  const done = tasks.data.tasks.filter((task) => task.status === 'done');
  if (tasks.data.tasks.length === 0) {
    return <p className="text-sm text-muted-foreground">No tasks yet.</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {[
        ['Open', open],
        ['Done', done],
      ].map(([title, list]) => (
        <div key={title as string}>
          <h4 className="text-sm font-semibold">
            {title as string} ({(list as typeof open).length})
          </h4>
          <ul className="mt-1 space-y-1 text-sm">
            {(list as typeof open).slice(0, 15).map((task) => (
              <li key={task.id} className="break-words">
                {task.title}
                {task.scheduledDate && (
                  <span className="text-xs text-muted-foreground"> · {task.scheduledDate}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Reflections({ userId, clientId }: { userId: string; clientId: string }) {
  const reflections = useClientReflections(userId, clientId, true);
  if (reflections.isPending) return <Loading label="Loading reflections" />;
  if (reflections.isError) return <ErrorState onRetry={() => void reflections.refetch()} />;
  if (reflections.data.reflections.length === 0) {
    return <p className="text-sm text-muted-foreground">No reflections yet.</p>;
  }
  return (
    <ul className="space-y-3 text-sm">
      {reflections.data.reflections.map((r) => (
        <li key={r.id}>
          <p className="text-xs text-muted-foreground">
            {r.period === 'daily' ? 'Daily' : 'Weekly'} · {r.localDate}
            {r.mood !== null && ` · mood ${r.mood}/5`}
          </p>
          <p className="break-words whitespace-pre-wrap">{r.text}</p>
        </li>
      ))}
    </ul>
  );
}

function Analytics({ userId, clientId }: { userId: string; clientId: string }) {
  const analytics = useClientAnalytics(userId, clientId, true);
  if (analytics.isPending) return <Loading label="Loading figures" />;
  if (analytics.isError) return <ErrorState onRetry={() => void analytics.refetch()} />;
  const a = analytics.data;
  const figures: Array<[string, string]> = [
    ['Tasks done', String(a.tasksDone)],
    ['Completion', percent(a.completion.rate)],
    ['Top-three completion', percent(a.topThree.rate)],
    ['Streak', `${a.streak.current} days (best ${a.streak.best})`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-muted/50 p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Thread({ userId, clientId, name }: { userId: string; clientId: string; name: string }) {
  const messages = useClientMessages(userId, clientId);
  const send = useSendToClient(userId, clientId);
  const [text, setText] = useState('');
  const id = useId();
  const end = useRef<HTMLLIElement>(null);
  const count = messages.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  const tooLong = text.length > MESSAGE_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    send.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => toast.error('Not sent', { description: error.message }),
    });
  };
  return (
    <div className="space-y-3">
      {messages.isPending ? (
        <Loading label="Loading messages" />
      ) : messages.isError ? (
        <ErrorState onRetry={() => void messages.refetch()} />
      ) : messages.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet. Say hello to {name}.</p>
      ) : (
        <ol className="max-h-80 space-y-2 overflow-y-auto" aria-label={`Messages with ${name}`}>
          {messages.data.messages.map((m) => (
            <li
              key={m.id}
              className={
                m.author === 'coach'
                  ? 'ml-8 rounded-xl bg-primary-soft p-3 text-sm'
                  : 'mr-8 rounded-xl bg-muted p-3 text-sm'
              }
            >
              <p className="text-xs font-medium text-muted-foreground">
                {m.author === 'coach' ? 'You' : name} ·{' '}
                <time dateTime={m.createdAt}>{formatMoment(m.createdAt)}</time>
                {m.kind === 'crisis' && ' · help shown'}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{m.text}</p>
            </li>
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
      )}
      <form onSubmit={submit} className="space-y-2">
        <Label htmlFor={id}>Message {name}</Label>
        <Textarea
          id={id}
          value={text}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={tooLong ? true : undefined}
        />
        {tooLong && (
          <p role="alert" className="text-sm text-danger">
            Keep it to {MESSAGE_MAX} characters.
          </p>
        )}
        <Button type="submit" disabled={send.isPending || !text.trim() || tooLong}>
          <Send aria-hidden="true" className="size-4" />
          Send
        </Button>
      </form>
    </div>
  );
}

function Notes({ userId, clientId }: { userId: string; clientId: string }) {
  const note = useNote(userId, clientId);
  const save = useSaveNote(userId, clientId);
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  if (note.isPending) return <Loading label="Loading your note" />;
  if (note.isError) return <ErrorState onRetry={() => void note.refetch()} />;
  const text = draft ?? note.data.text;
  const tooLong = text.length > NOTE_MAX;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (tooLong) return;
        save.mutate(text, {
          onSuccess: () => {
            setDraft(null);
            toast.success('Note saved');
          },
          onError: (error) => toast.error('Note not saved', { description: error.message }),
        });
      }}
    >
      <Label htmlFor={id}>Private note</Label>
      <Textarea
        id={id}
        rows={4}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Only you see this note; your client never does.
        {note.data.updatedAt && ` Saved ${formatMoment(note.data.updatedAt)}.`}
      </p>
      {tooLong && (
        <p role="alert" className="text-sm text-danger">
          Keep it to {NOTE_MAX} characters.
        </p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending || draft === null || tooLong}>
        Save note
      </Button>
    </form>
  );
}

/** One client, read-only and only within what they share, with the thread and private notes. */
export function ClientDetail({ userId, client }: { userId: string; client: ClientSummary }) {
  const clientId = client.client.id;
  const name = clientName(client.client);
  const shares = (scope: ClientSummary['scopes'][number]) => client.scopes.includes(scope);
  const notShared = (['goals', 'tasks', 'reflections', 'analytics'] as const).filter(
    (scope) => !shares(scope),
  );
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold break-words">{name}</h2>
        <p className="text-sm text-muted-foreground">
          Shares {client.scopes.map((s) => shareScopeLabels[s].label.toLowerCase()).join(', ')}{' '}
          since {formatDay(client.sharedSince)}.
        </p>
        {notShared.length > 0 && (
          <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
            <Lock aria-hidden="true" className="size-3" />
            Not shared with you:{' '}
            {notShared.map((s) => shareScopeLabels[s].label.toLowerCase()).join(', ')}.
          </p>
        )}
      </div>
      {shares('goals') && (
        <Panel title="Goals and progress" icon={<Target />} headingLevel="h3">
          <Goals userId={userId} clientId={clientId} />
        </Panel>
      )}
      {shares('analytics') && (
        <Panel title="Last 30 days" icon={<BarChart3 />} headingLevel="h3">
          <Analytics userId={userId} clientId={clientId} />
        </Panel>
      )}
      {shares('tasks') && (
        <Panel title="Tasks" icon={<CheckSquare />} headingLevel="h3">
          <Tasks userId={userId} clientId={clientId} />
        </Panel>
      )}
      {shares('reflections') && (
        <Panel title="Reflections" icon={<Sparkles />} headingLevel="h3">
          <Reflections userId={userId} clientId={clientId} />
        </Panel>
      )}
      <Panel title="Messages" icon={<Send />} headingLevel="h3">
        <Thread userId={userId} clientId={clientId} name={name} />
      </Panel>
      <Panel title="Your notes" icon={<NotebookPen />} headingLevel="h3">
        <Notes userId={userId} clientId={clientId} />
      </Panel>
    </div>
  );
}
