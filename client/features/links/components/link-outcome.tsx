import { CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { cn } from '#client/lib/cn.ts';

/** The result of following a link: an icon in a tinted circle and what happened. */
export function LinkOutcome({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'failure';
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full [&_svg]:size-6',
          tone === 'success'
            ? 'bg-primary-soft text-accent-foreground'
            : 'bg-danger/10 text-danger',
        )}
      >
        {icon}
      </span>
      <div className="text-base">{children}</div>
    </div>
  );
}

/** A link that did not work: the reason, announced, then where to go from here. */
export function LinkFailed({ message, children }: { message: string; children: ReactNode }) {
  return (
    <AuthCard title="This link didn’t work">
      <LinkOutcome icon={<CircleX aria-hidden="true" />} tone="failure">
        <p role="alert">{message}</p>
      </LinkOutcome>
      {children}
    </AuthCard>
  );
}
