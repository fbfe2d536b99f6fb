import { ArrowDown, ArrowUp, Check, Clock, Pencil, Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_TASK_MINUTES } from '#contracts/tasks.ts';
import { describeRecurrence, RecurrenceField } from '#client/components/recurrence.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatDate } from '#contracts/local-date.ts';
import {
  moveMilestone,
  moveTask,
  tasksOf,
  updateMilestone,
  updateTask,
  type DraftMilestone,
  type DraftTask,
  type PlanDraft,
} from '../plan-draft.ts';

interface PlanEditorProps {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  today: string;
  deadline: string;
  /** Problems by item key, shown beside the item. */
  problems: ReadonlyMap<string, string>;
}

function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        disabled={first}
        aria-label={`Move “${name}” up`}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        disabled={last}
        aria-label={`Move “${name}” down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}

function EditToggle({
  name,
  editing,
  onToggle,
}: {
  name: string;
  editing: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={editing ? 'secondary' : 'ghost'}
      size="icon"
      className="size-9"
      aria-label={editing ? `Done editing “${name}”` : `Edit “${name}”`}
      aria-expanded={editing}
      onClick={onToggle}
    >
      {editing ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Pencil aria-hidden="true" className="size-4" />
      )}
    </Button>
  );
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger">
      {text}
    </p>
  );
}

function TaskRow({
  task,
  first,
  last,
  today,
  problem,
  onChange,
  onMove,
}: {
  task: DraftTask;
  first: boolean;
  last: boolean;
  today: string;
  problem: string | undefined;
  onChange: (change: Partial<Omit<DraftTask, 'key' | 'milestoneKey'>>) => void;
  onMove: (direction: -1 | 1) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const name = task.title.trim() || 'Untitled task';
  return (
    <li
      className={cn(
        'rounded-xl border bg-background px-3 py-2.5',
        !task.selected && 'border-dashed opacity-70',
        problem && 'border-danger/60',
      )}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-pick`}
          className="mt-0.5"
          checked={task.selected}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => onChange({ selected: event.target.checked })}
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-pick`} className="block cursor-pointer leading-snug font-medium">
            {name}
          </label>
          {/* The title gets the row's full width; the controls sit beside the details. */}
          <div className="mt-0.5 flex items-end justify-between gap-2">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pb-1.5 text-xs text-muted-foreground">
              <span>{task.scheduledDate ? formatDate(task.scheduledDate, today) : 'No date'}</span>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3.5" />
                {Number.isNaN(task.estimatedMinutes) ? '–' : task.estimatedMinutes} min
              </span>
              {task.recurrence && (
                <span className="inline-flex items-center gap-1">
                  <Repeat aria-hidden="true" className="size-3.5" />
                  {describeRecurrence(task.recurrence)}
                </span>
              )}
            </p>
            <div className="-mr-1.5 -mb-1 flex shrink-0 items-center">
              <MoveButtons name={name} first={first} last={last} onMove={onMove} />
              <EditToggle name={name} editing={editing} onToggle={() => setEditing(!editing)} />
            </div>
          </div>
          <Problem id={`${id}-problem`} text={problem} />
        </div>
      </div>
      {editing && (
        <div className="mt-3 space-y-3 border-t pt-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-title`}>Task</Label>
            <Input
              id={`${id}-title`}
              value={task.title}
              maxLength={160}
              onChange={(event) => onChange({ title: event.target.value })}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-date`}>Date</Label>
              <Input
                id={`${id}-date`}
                type="date"
                min={today}
                value={task.scheduledDate}
                onChange={(event) => onChange({ scheduledDate: event.target.value })}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-minutes`}>Minutes</Label>
              <Input
                id={`${id}-minutes`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_TASK_MINUTES}
                value={Number.isNaN(task.estimatedMinutes) ? '' : task.estimatedMinutes}
                onChange={(event) =>
                  onChange({
                    estimatedMinutes:
                      event.target.value === ''
                        ? Number.NaN
                        : Math.round(Number(event.target.value)),
                  })
                }
              />
            </div>
          </div>
          <RecurrenceField
            value={task.recurrence}
            onChange={(recurrence) => onChange({ recurrence })}
          />
        </div>
      )}
    </li>
  );
}

function MilestoneCard({
  milestone,
  index,
  count,
  draft,
  today,
  deadline,
  problems,
  onChange,
}: {
  milestone: DraftMilestone;
  index: number;
  count: number;
  draft: PlanDraft;
  today: string;
  deadline: string;
  problems: ReadonlyMap<string, string>;
  onChange: (draft: PlanDraft) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const tasks = tasksOf(draft, milestone.key);
  const name = milestone.title.trim() || `Milestone ${index + 1}`;
  const problem = problems.get(milestone.key);
  const change = (value: Partial<Omit<DraftMilestone, 'key' | 'existingId'>>) =>
    onChange(updateMilestone(draft, milestone.key, value));
  const pickedTasks = tasks.filter((task) => task.selected).length;

  const existing = milestone.existingId !== null;
  return (
    <li
      aria-labelledby={`${id}-heading`}
      className={cn(
        'rounded-2xl border bg-card p-4 shadow-sm sm:p-5',
        !milestone.selected && 'border-dashed',
        existing && 'bg-muted/40 shadow-none',
        problem && 'border-danger/60',
      )}
    >
      <div className="flex items-start gap-3">
        {!existing && (
          <Checkbox
            id={`${id}-pick`}
            className="mt-1"
            checked={milestone.selected}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => change({ selected: event.target.checked })}
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="-mt-1.5 flex min-h-9 items-center justify-between gap-2">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {existing ? 'In your plan' : `Milestone ${index + 1}`} ·{' '}
              {milestone.dueDate ? formatDate(milestone.dueDate, today) : 'No date'}
            </p>
            {!existing && (
              <div className="-mr-1.5 flex shrink-0 items-center">
                <MoveButtons
                  name={name}
                  first={index === 0 || draft.milestones[index - 1]?.existingId != null}
                  last={index === count - 1 || draft.milestones[index + 1]?.existingId != null}
                  onMove={(direction) =>
                    onChange(moveMilestone(draft, milestone.key, direction, today))
                  }
                />
                <EditToggle name={name} editing={editing} onToggle={() => setEditing(!editing)} />
              </div>
            )}
          </div>
          <h2 id={`${id}-heading`} className="text-base leading-snug font-semibold">
            {existing ? (
              name
            ) : (
              <label htmlFor={`${id}-pick`} className="cursor-pointer">
                {name}
              </label>
            )}
          </h2>
          <p
            className={cn(
              'mt-1 text-sm text-muted-foreground',
              !milestone.selected && 'opacity-70',
            )}
          >
            {existing ? 'New tasks for this milestone of your plan.' : milestone.description}
          </p>
          <Problem id={`${id}-problem`} text={problem} />
        </div>
      </div>
      {editing && !existing && (
        <div className="mt-4 space-y-3 border-t pt-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-title`}>Milestone</Label>
            <Input
              id={`${id}-title`}
              value={milestone.title}
              maxLength={120}
              onChange={(event) => change({ title: event.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              rows={2}
              value={milestone.description}
              maxLength={600}
              onChange={(event) => change({ description: event.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-date`}>Due date</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={today}
              max={deadline}
              value={milestone.dueDate}
              onChange={(event) => change({ dueDate: event.target.value })}
            />
          </div>
        </div>
      )}
      {tasks.length > 0 && (
        <div className="mt-4">
          <p className="mb-2 text-xs text-muted-foreground">
            {pickedTasks} of {tasks.length} tasks picked
          </p>
          <ul className="space-y-2" aria-label={`Tasks for ${name}`}>
            {tasks.map((task, position) => (
              <TaskRow
                key={task.key}
                task={task}
                first={position === 0}
                last={position === tasks.length - 1}
                today={today}
                problem={problems.get(task.key)}
                onChange={(value) => onChange(updateTask(draft, task.key, value))}
                onMove={(direction) => onChange(moveTask(draft, task.key, direction))}
              />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** The proposed milestones and their tasks: pick, edit and reorder before anything is saved. */
export function PlanEditor({ draft, onChange, today, deadline, problems }: PlanEditorProps) {
  return (
    <ol className="space-y-4" aria-label="Proposed milestones">
      {draft.milestones.map((milestone, index) => (
        <MilestoneCard
          key={milestone.key}
          milestone={milestone}
          index={index}
          count={draft.milestones.length}
          draft={draft}
          today={today}
          deadline={deadline}
          problems={problems}
          onChange={onChange}
        />
      ))}
    </ol>
  );
}
