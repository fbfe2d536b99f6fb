import type { InputHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A text input; pair it with a Label through `id`/`htmlFor`. */
export function Input({
  className,
  type = 'text',
  ...props
}: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type={type}
      className={cn(
        'block h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs transition sm:text-sm',
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
