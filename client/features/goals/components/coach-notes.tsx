import { MessageCircle } from 'lucide-react';

/** What the coach changed or assumed, in its own words. */
export function CoachNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <section
      aria-label="Notes from the coach"
      className="rounded-xl border border-primary/20 bg-primary-soft/60 p-4"
    >
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
    </section>
  );
}
