import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

interface FaqItemProps {
  question: string;
  children: ReactNode;
}

/**
 * A question that opens to its answer. Native <details> gives keyboard support, the expanded state
 * to assistive technology and find-in-page inside closed answers, without any script.
 */
export function FaqItem({ question, children }: FaqItemProps) {
  return (
    <details className="group rounded-xl border bg-card text-card-foreground shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition group-open:rotate-180"
        />
      </summary>
      <div className="space-y-3 px-5 pt-1 pb-5 leading-relaxed text-muted-foreground">
        {children}
      </div>
    </details>
  );
}
