const tasks = [
  {
    title: '20-minute easy run',
    goal: 'Run my first 10K',
    reason: 'Keeps week 3 of your 8-week plan on track.',
  },
  {
    title: 'Draft the intro of your case study',
    goal: 'Move into product design',
    reason: 'The portfolio milestone is due on Friday.',
  },
  {
    title: 'Call Grandma after dinner',
    goal: 'Stay close to family',
    reason: 'You marked this as one of your top three goals.',
  },
];

/**
 * A picture of the product made of markup rather than an image: it stays sharp, follows the
 * colour scheme and costs a few hundred bytes. The text is real, so it is a captioned figure.
 */
export function TopThreePreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-3 -z-10 rounded-[2rem] bg-primary-soft opacity-70 blur-2xl"
      />
      <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-lg sm:p-6">
        <div className="flex items-baseline justify-between gap-3">
          <p className="font-semibold tracking-tight">Your top three today</p>
          <p className="text-sm text-muted-foreground">7:00 · email</p>
        </div>
        <ol className="mt-4 space-y-3">
          {tasks.map((task, index) => (
            <li key={task.title} className="flex gap-3 rounded-xl border bg-background p-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-accent-foreground"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <p className="font-medium">{task.title}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  <span className="font-medium text-foreground">{task.goal}.</span> {task.reason}
                </p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-5">
          <div className="flex justify-between text-sm">
            <span className="text-muted-foreground">10K plan</span>
            <span className="font-medium">Week 3 of 8</span>
          </div>
          <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-3/8 rounded-full bg-primary" />
          </div>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-sm text-muted-foreground">
        An example of the daily message: three tasks, each with the reason it was chosen.
      </figcaption>
    </figure>
  );
}
