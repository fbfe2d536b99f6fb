import {
  CalendarClock,
  CalendarX,
  HeartPulse,
  HelpCircle,
  MessageCircle,
  Mountain,
  Pin,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { GoalFlag } from '#contracts/coach.ts';
import { cn } from '#client/lib/cn.ts';

/** What each flag the coach raised says at a glance; the notes below explain it. */
export const goalFlagLabels: Record<GoalFlag, { label: string; icon: ReactNode; warn: boolean }> = {
  over_ambitious: { label: 'Ambitious for the time', icon: <Mountain />, warn: true },
  medical: { label: 'Check with a professional', icon: <HeartPulse />, warn: true },
  deadline_passed: { label: 'That date has passed', icon: <CalendarX />, warn: true },
  fixed_date: { label: 'Fixed date kept', icon: <Pin />, warn: false },
  date_needed: { label: 'Needs your date', icon: <CalendarClock />, warn: false },
  vague: { label: 'Needs a sharper aim', icon: <HelpCircle />, warn: false },
};

/** What the coach changed or assumed, in its own words, led by the flags it raised. */
export function CoachNotes({
  notes,
  flags = [],
}: {
  notes: readonly string[];
  flags?: readonly GoalFlag[];
}) {
  if (notes.length === 0 && flags.length === 0) return null;
  return (
    <section
      aria-label="Notes from the coach"
      className="rounded-xl border border-primary/20 bg-primary-soft/60 p-4"
    >
      {flags.length > 0 && (
        <ul aria-label="What the coach noticed" className="mb-3 flex flex-wrap gap-2">
          {flags.map((flag) => {
            const { label, icon, warn } = goalFlagLabels[flag];
            return (
              <li
                key={flag}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium [&_svg]:size-3.5',
                  warn
                    ? 'border-warning/40 bg-warning/10 text-foreground [&_svg]:text-warning'
                    : 'border-primary/30 bg-card text-accent-foreground',
                )}
              >
                <span aria-hidden="true">{icon}</span>
                {label}
              </li>
            );
          })}
        </ul>
      )}
      {notes.length > 0 && (
        <ul className="space-y-2 text-sm">
          {notes.map((note) => (
            <li key={note} className="flex gap-2.5">
              <MessageCircle
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-accent-foreground"
              />
              <span>{note}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
