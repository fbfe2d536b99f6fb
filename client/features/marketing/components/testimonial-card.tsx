interface TestimonialCardProps {
  name: string;
  goal: string;
  quote: string;
}

/** An illustrative story: a first name and the goal they are working on, never a made-up metric. */
export function TestimonialCard({ name, goal, quote }: TestimonialCardProps) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
      <blockquote className="flex-1 leading-relaxed">
        <p>“{quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-accent-foreground"
        >
          {name.charAt(0)}
        </span>
        <span className="text-sm">
          <span className="block font-semibold">{name}</span>
          <span className="block text-muted-foreground">{goal}</span>
        </span>
      </figcaption>
    </figure>
  );
}
