import { Info, Sparkles } from 'lucide-react';
import type { CoachEngine } from '#contracts/coach.ts';
import { cn } from '#client/lib/cn.ts';

/** Who answered, in words a person reads: "the offline coach", "OpenAI gpt-4o-mini". */
export function engineName(engine: CoachEngine, model: string): string {
  switch (engine) {
    case 'offline':
      return 'the offline coach';
    case 'openai':
      return `OpenAI ${model}`;
    case 'anthropic':
      return `Anthropic ${model}`;
    case 'openai-compatible':
      return model;
  }
}

interface EngineAttributionProps {
  engine: CoachEngine;
  model: string;
  /** Why the configured engine did not answer, when it did not. */
  notice?: string | null | undefined;
  className?: string;
}

/** Every coach answer says which engine gave it, and any notice the server attached. */
export function EngineAttribution({ engine, model, notice, className }: EngineAttributionProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
        Answered by {engineName(engine, model)}
      </p>
      {notice && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-info/30 bg-info/5 px-3 py-2 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
          <span>{notice}</span>
        </p>
      )}
    </div>
  );
}
