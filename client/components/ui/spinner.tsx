import { cn } from '#client/lib/cn.ts';

/** A decorative spinner; the text beside it is what assistive technology reads. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-6 animate-spin rounded-full border-[3px] border-primary/25 border-t-primary',
        className,
      )}
    />
  );
}
