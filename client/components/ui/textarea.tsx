import type { TextareaHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A multi-line text field; pair it with a Label through `id`/`htmlFor`. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'block field-sizing-content min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2.5 text-base text-foreground shadow-xs transition sm:text-sm',
        'placeholder:text-muted-foreground/80',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
