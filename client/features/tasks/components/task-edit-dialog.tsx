import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MAX_TASK_MINUTES, type Task, type TaskAction } from '#contracts/tasks.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, LabelledControl } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useTaskAction } from '../api.ts';

type Edit = Extract<TaskAction, { action: 'edit' }>;

/** Only the fields that changed, or null when nothing did. */
export function taskEdit(
  task: Task,
  form: { title: string; notes: string; minutes: string; dueDate: string },
): Edit | null {
  const edit: Edit = { action: 'edit' };
  const title = form.title.trim();
  if (title !== task.title) edit.title = title;
  const notes = form.notes.trim() || null;
  if (notes !== (task.notes ?? null)) edit.notes = notes;
  const minutes = form.minutes.trim() === '' ? null : Number(form.minutes);
  if (minutes !== task.estimatedMinutes) edit.estimatedMinutes = minutes;
  const dueDate = form.dueDate || null;
  if (dueDate !== task.dueDate) edit.dueDate = dueDate;
  return Object.keys(edit).length > 1 ? edit : null;
}

/** Edit a task's title, notes, time and due date (its day moves with "Reschedule…"). */
export function TaskEditDialog({
  task,
  localDate,
  onClose,
}: {
  task: Task;
  localDate: string;
  onClose: () => void;
}) {
  const id = useId();
  const action = useTaskAction();
  const [title, setTitle] = useState(task.title);
  const [notes, setNotes] = useState(task.notes ?? '');
  const [minutes, setMinutes] = useState(task.estimatedMinutes?.toString() ?? '');
  const [dueDate, setDueDate] = useState(task.dueDate ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Give the task a title.');
    const value = minutes.trim() === '' ? null : Number(minutes);
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_TASK_MINUTES))
      return setError(`Give its time in whole minutes, from 1 to ${MAX_TASK_MINUTES}.`);
    const edit = taskEdit(task, { title, notes, minutes, dueDate });
    if (!edit) return onClose();
    action.mutate(
      { task, action: edit, localDate, quiet: true },
      {
        onSuccess: () => {
          toast.success('Task saved', { description: title.trim() });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit task</DialogTitle>
        <DialogDescription>To move it to another day, use “Reschedule…”.</DialogDescription>
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <FormField
            id={`${id}-title`}
            label="Title"
            value={title}
            maxLength={160}
            onChange={(event) => setTitle(event.target.value)}
          />
          <LabelledControl id={`${id}-notes`} label="Notes">
            {() => (
              <Textarea
                id={`${id}-notes`}
                value={notes}
                maxLength={2000}
                rows={3}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
          </LabelledControl>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              id={`${id}-minutes`}
              label="Minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TASK_MINUTES}
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
            />
            <FormField
              id={`${id}-due`}
              label="Due date (optional)"
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
          </div>
          <DialogFormFooter
            error={error}
            pending={action.isPending}
            submitLabel="Save"
            pendingLabel="Saving…"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
