import { Brain, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CrisisPanel } from '#client/components/crisis-panel.tsx';
import type { CrisisResult } from '#contracts/coach.ts';
import { MEMORY_LIMIT, MEMORY_MAX, type CoachMemory } from '#contracts/coaching.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useUserCoaches } from '../coaches-api.ts';
import { useAddMemory, useChangeMemory, useMemories } from '../memory-api.ts';
import { keeperOf } from '../memory-state.ts';
import { useCoachingPreferences, useSaveCoachingPreferences } from '../preferences-api.ts';
import { crisisRefusalIn, fieldProblem, problemOf } from '../problems.ts';

function memoryError(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'Write the fact first.';
  if (length > MEMORY_MAX) return `Keep it to ${MEMORY_MAX} characters (this is ${length}).`;
  return null;
}

function MemoryRow({
  memory,
  keeper,
  onSave,
  onDelete,
}: {
  memory: CoachMemory;
  keeper: string;
  onSave: (text: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.text);
  const id = useId();
  const error = memoryError(text);

  if (editing) {
    const save = (event: FormEvent) => {
      event.preventDefault();
      if (error) return;
      onSave(text.trim());
      setEditing(false);
    };
    return (
      <li className="py-3">
        <form onSubmit={save} noValidate className="space-y-2">
          <Label htmlFor={id} className="sr-only">
            Edit what your coach remembers
          </Label>
          <Input
            id={id}
            value={text}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setText(memory.text);
                setEditing(false);
              }
            }}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText(memory.text);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">{memory.text}</p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          {keeper} · {memory.source === 'person' ? 'added by you' : 'noted by your coach'}
        </p>
      </div>
      <button
        type="button"
        className={buttonClasses('ghost', 'icon', 'size-9 shrink-0 text-muted-foreground')}
        aria-label={`Edit: ${memory.text}`}
        title="Edit"
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={buttonClasses(
          'ghost',
          'icon',
          'size-9 shrink-0 text-muted-foreground hover:text-danger',
        )}
        aria-label={`Delete: ${memory.text}`}
        title="Delete"
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

function AddMemory({
  userId,
  coaches,
  full,
}: {
  userId: string;
  coaches: ReadonlyArray<{ id: string; name: string }>;
  full: boolean;
}) {
  const [text, setText] = useState('');
  const [coachId, setCoachId] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddMemory(userId);
  const id = useId();
  const localError = memoryError(text);
  const refusal = add.isError ? crisisRefusalIn(add.error) : null;
  const shown =
    (tried ? localError : null) ??
    (refusal
      ? 'This was not saved. Your coaches will not keep it.'
      : add.isError
        ? (fieldProblem(add.error, 'text') ?? problemOf(add.error, 'It was not added. Try again.'))
        : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (localError) return;
    add.mutate(
      { text: text.trim(), coachId: coachId || null },
      {
        onSuccess: () => {
          setText('');
          setTried(false);
          toast.success('Your coaches will remember that');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t pt-4">
      <div className="space-y-1.5">
        <Label htmlFor={id}>Add something to remember</Label>
        <Input
          id={id}
          value={text}
          disabled={full}
          placeholder="I work night shifts on weekends"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {full
            ? `Your coaches keep at most ${MEMORY_LIMIT} facts: delete one to add another.`
            : `A short fact, at most ${MEMORY_MAX} characters (${text.trim().length} now).`}
        </p>
        {shown && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {shown}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {coaches.length > 0 && (
          <div className="min-w-48 flex-1 space-y-1.5 sm:max-w-64">
            <Label htmlFor={`${id}-coach`}>For</Label>
            <Select
              id={`${id}-coach`}
              value={coachId}
              disabled={full}
              onChange={(event) => setCoachId(event.target.value)}
            >
              <option value="">All your coaches</option>
              {coaches.map((coach) => (
                <option key={coach.id} value={coach.id}>
                  {coach.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <Button type="submit" variant="outline" disabled={full || add.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
      {refusal && <CrisisPanel crisis={refusal} headingLevel="h4" />}
    </form>
  );
}

/** Settings › Coaching › memory: what the coaches keep about the person, to read, edit and delete. */
export function MemorySettings({ userId }: { userId: string }) {
  const memories = useMemories(userId);
  const change = useChangeMemory(userId);
  const coaches = useUserCoaches(userId).data?.coaches ?? [];
  const names = new Map(coaches.map((coach) => [coach.id, coach.name]));
  const list = memories.data?.memories ?? [];

  // An edit the crisis guard refused is put back; the help shows instead of a toast.
  const [refusal, setRefusal] = useState<CrisisResult | null>(null);

  const failed = (what: string) => (error: Error) => {
    const crisis = crisisRefusalIn(error);
    if (crisis) setRefusal(crisis);
    else toast.error(what, { description: problemOf(error, 'Something went wrong. Try again.') });
  };

  return (
    <div>
      {refusal && (
        <div className="mb-6">
          <CrisisPanel
            crisis={refusal}
            headingLevel="h4"
            actions={
              <Button variant="outline" size="sm" onClick={() => setRefusal(null)}>
                Close
              </Button>
            }
          />
        </div>
      )}
      {memories.isPending ? (
        <div role="status" aria-label="Loading what your coaches remember" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : memories.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          What your coaches remember could not load.{' '}
          <button
            type="button"
            className="text-primary underline"
            onClick={() => void memories.refetch()}
          >
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Brain aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Nothing yet. Facts you add here, or that a coach notes in a conversation, show up here;
          you can change or delete any of them.
        </p>
      ) : (
        <ul aria-label="What your coaches remember" className="-my-3 divide-y">
          {list.map((memory) => (
            <MemoryRow
              key={`${memory.id}-${memory.updatedAt}`}
              memory={memory}
              keeper={keeperOf(memory, names)}
              onSave={(text) =>
                change.mutate(
                  { kind: 'update', id: memory.id, text, at: new Date().toISOString() },
                  { onError: failed('The change was not saved') },
                )
              }
              onDelete={() =>
                change.mutate(
                  { kind: 'delete', id: memory.id },
                  {
                    onSuccess: () => toast.success('Forgotten', { description: memory.text }),
                    onError: failed('It was not deleted'),
                  },
                )
              }
            />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <AddMemory userId={userId} coaches={coaches} full={list.length >= MEMORY_LIMIT} />
      </div>
    </div>
  );
}

/** Settings › Coaching › check-ins: whether a coach may write first. */
export function CheckInsSetting({ userId }: { userId: string }) {
  const preferences = useCoachingPreferences(userId);
  const save = useSaveCoachingPreferences(userId);
  const id = useId();
  if (preferences.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your preference...
      </p>
    );
  }
  if (!preferences.data) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Your preference could not load.{' '}
        <button
          type="button"
          className="text-primary underline"
          onClick={() => void preferences.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  return (
    <div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          className="mt-0.5"
          checked={preferences.data.checkIns}
          aria-describedby={`${id}-description`}
          onChange={(event) => save.mutate({ checkIns: event.target.checked })}
        />
        <span>
          <label htmlFor={id} className="text-sm font-medium">
            Let my coaches check in first
          </label>
          <span id={`${id}-description`} className="block text-sm text-muted-foreground">
            After a missed top three or a quiet week, a coach writes to you. They write less when
            check-ins go unanswered, and never outside your notification settings.
          </span>
        </span>
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm text-muted-foreground">
        {save.isPending ? 'Saving...' : save.isSuccess ? 'Saved.' : ''}
      </p>
    </div>
  );
}
