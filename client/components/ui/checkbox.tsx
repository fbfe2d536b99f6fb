import type { InputHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A native checkbox in the accent colour; pair it with a Label (or wrap it in one). */
export function Checkbox({
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-5 shrink-0 cursor-pointer rounded border-input accent-primary',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
