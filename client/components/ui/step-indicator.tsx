import { cn } from '#client/lib/cn.ts';

/** "Step 2 of 5" with a bar per step, those reached filled (a multi-step flow's header). */
export function StepIndicator({ index, total }: { index: number; total: number }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-medium text-muted-foreground">
        Step {index + 1} of {total}
      </p>
      <div aria-hidden="true" className="mt-2 flex gap-1.5">
        {Array.from({ length: total }, (_, at) => (
          <span
            key={at}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              at <= index ? 'bg-primary' : 'bg-primary/15',
            )}
          />
        ))}
      </div>
    </div>
  );
}
