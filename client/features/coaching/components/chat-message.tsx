import { CircleAlert, OctagonX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { CoachMessage, Proposal } from '#contracts/coaching.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { formatTimestamp } from '#contracts/local-date.ts';
import { CrisisFrame } from '#client/components/crisis-panel.tsx';
import { EngineAttribution } from '#client/components/engine-attribution.tsx';
import { ProposalCard } from './chat-proposal.tsx';
import { CoachMarkdown } from './coach-markdown.tsx';

/** The person's own words: plain text, line breaks kept, on the right. */
export function PersonBubble({
  text,
  at,
  timeZone,
  pending = false,
}: {
  text: string;
  at: string | null;
  timeZone: string;
  pending?: boolean;
}) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] sm:max-w-[75%]">
        <p className="sr-only">You said:</p>
        <p className="rounded-2xl rounded-br-md bg-primary-soft px-4 py-2.5 break-words whitespace-pre-wrap text-foreground">
          {text}
        </p>
        <p className="mt-1 text-right text-xs text-muted-foreground">
          {pending ? 'Sending…' : at ? formatTimestamp(at, timeZone) : null}
        </p>
      </div>
    </div>
  );
}

/** Which engine answered, the notice when a model fell back to the offline coach, and when. */
function Attribution({
  engine,
  model,
  notice,
  at,
  timeZone,
}: {
  engine: CoachEngine | null;
  model: string | null;
  notice: string | null;
  at: string | null;
  timeZone: string;
}) {
  return (
    <div className="mt-1.5 space-y-1">
      {engine && <EngineAttribution engine={engine} model={model ?? ''} notice={notice} />}
      {at && <p className="text-xs text-muted-foreground">{formatTimestamp(at, timeZone)}</p>}
    </div>
  );
}

/** A reply's words, on the left, under the coach's name. */
export function CoachBubble({
  coachName,
  text,
  engine,
  model,
  notice,
  at,
  timeZone,
  status,
  children,
}: {
  coachName: string;
  text: string;
  engine: CoachEngine | null;
  model: string | null;
  notice: string | null;
  at: string | null;
  timeZone: string;
  /** A reply cut short: stopped by the person, or failed part-way. */
  status?: 'streaming' | 'stopped' | 'failed' | 'checkin' | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="flex justify-start">
      <div className="w-full max-w-[92%] sm:max-w-[80%]">
        <p className="mb-1 text-xs font-semibold text-accent-foreground">
          {coachName}
          {status === 'checkin' && (
            <span className="font-normal text-muted-foreground"> checked in</span>
          )}
          <span className="sr-only">:</span>
        </p>
        <div className="rounded-2xl rounded-tl-md border bg-card px-4 py-3 shadow-xs">
          {text ? (
            <CoachMarkdown text={text} />
          ) : status === 'streaming' ? (
            <p className="text-muted-foreground">
              <span className="inline-flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground" />
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:150ms]" />
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:300ms]" />
              </span>
              <span className="sr-only">{coachName} is writing…</span>
            </p>
          ) : null}
          {status === 'stopped' && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
              <OctagonX aria-hidden="true" className="size-4" />
              You stopped this reply.
            </p>
          )}
          {status === 'failed' && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-danger">
              <CircleAlert aria-hidden="true" className="size-4" />
              This reply did not finish.
            </p>
          )}
          {children}
        </div>
        <Attribution engine={engine} model={model} notice={notice} at={at} timeZone={timeZone} />
      </div>
    </div>
  );
}

/**
 * The crisis response in place of a reply: the coaching pauses, and the server's words (the help
 * for the person's region) are shown on their own. The one that has just arrived takes the focus
 * and comes into view below the sticky headers; one read from the history leaves the focus alone.
 */
export function CrisisReply({ message, focus }: { message: CoachMessage; focus: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the frame's own focus (a child's effect runs first), which scrolls only "into view".
    if (focus) frame.current?.scrollIntoView?.({ block: 'start' });
  }, [focus]);
  return (
    <div ref={frame} className="scroll-mt-40">
      <CrisisFrame takeFocus={focus}>
        <CoachMarkdown text={message.text} className="mt-4" />
      </CrisisFrame>
    </div>
  );
}

export interface ProposalControls {
  today: string;
  /** The proposal whose decision is on its way to the server, if any, and that decision. */
  decidingId: string | null;
  decision: 'accept' | 'decline' | null;
  onDecide: (proposal: Proposal, decision: 'accept' | 'decline') => void;
}

/** One stored message of the thread. */
export function ThreadMessage({
  message,
  coachName,
  timeZone,
  proposals,
  focusCrisis,
}: {
  message: CoachMessage;
  coachName: string;
  timeZone: string;
  proposals: ProposalControls;
  /** The crisis response just arrived: move the focus to it. */
  focusCrisis: boolean;
}) {
  if (message.author === 'person') {
    return <PersonBubble text={message.text} at={message.createdAt} timeZone={timeZone} />;
  }
  if (message.kind === 'crisis') return <CrisisReply message={message} focus={focusCrisis} />;
  const status =
    message.state !== 'complete'
      ? message.state
      : message.kind === 'checkin'
        ? ('checkin' as const)
        : undefined;
  return (
    <CoachBubble
      coachName={coachName}
      text={message.text}
      engine={message.engine}
      model={message.model}
      notice={message.notice}
      at={message.createdAt}
      timeZone={timeZone}
      status={status}
    >
      {message.proposals.length > 0 && (
        <ul aria-label="Proposed changes" className="mt-3 space-y-2">
          {message.proposals.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard
                proposal={proposal}
                today={proposals.today}
                deciding={proposals.decidingId === proposal.id ? proposals.decision : null}
                onDecide={(decision) => proposals.onDecide(proposal, decision)}
              />
            </li>
          ))}
        </ul>
      )}
    </CoachBubble>
  );
}
