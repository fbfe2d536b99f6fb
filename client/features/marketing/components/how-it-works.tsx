const steps = [
  {
    title: 'Declare a goal',
    text: 'Write it the way you would say it to a friend: “run my first 10K”, “move into product design”, “call my family more”. No forms to fill in first.',
  },
  {
    title: 'Refine it and break it down',
    text: 'Your coach asks a few questions and shapes it into a SMART goal: the specific outcome, a metric and target, a deadline, why it matters and a first step. Then it lays out milestones and daily tasks sized to the time you really have.',
  },
  {
    title: 'Get your top three each day',
    text: 'At the times you choose, the three tasks that matter most today arrive by email, SMS or web push, each with a one-line reason it made the cut. Do them, then reflect with your coach.',
  },
];

/** The three-step story of the product, as an ordered list so the order is announced too. */
export function HowItWorks() {
  return (
    <ol className="mt-10 grid gap-4 lg:grid-cols-3 lg:gap-6">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm"
        >
          <div className="flex items-center gap-4 lg:flex-col lg:items-start lg:gap-5">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-semibold tracking-tight">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
          </div>
          <p className="mt-3 leading-relaxed text-muted-foreground lg:mt-2">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
