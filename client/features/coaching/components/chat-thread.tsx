import { Loader2, MessageCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { CoachMessage } from '#contracts/coaching.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ThreadMessage, type ProposalControls } from './chat-message.tsx';

/** How close to the bottom (px) still counts as reading the newest message. */
const NEAR_BOTTOM = 96;

/**
 * The scrolling list of a thread, newest at the bottom. It opens at the bottom, follows new
 * messages and a streaming reply while the person is at the bottom (never pulls them down while
 * they read older ones), and loads older pages when the top comes into view, keeping the message
 * the person was reading where it was. A button does the same for keyboard and screen readers.
 */
export function ChatThread({
  messages,
  coachName,
  timeZone,
  proposals,
  focusCrisisId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  empty,
  tail,
  tailKey,
}: {
  messages: CoachMessage[];
  coachName: string;
  timeZone: string;
  proposals: ProposalControls;
  focusCrisisId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown when the thread has no messages and nothing is being sent. */
  empty: ReactNode;
  /** The reply in flight, a stopped or failed one, and Retry: after the stored messages. */
  tail: ReactNode;
  /** Changes whenever the tail grows (a token arrived), so the view can follow it. */
  tailKey: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The distance from the bottom before older messages were asked for. */
  const anchor = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;

  const loadOlder = () => {
    const element = scroller.current;
    if (!hasOlder || loadingOlder || !element) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  });

  // Older messages arrived above: keep the one being read in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || anchor.current === null) return;
    element.scrollTop = element.scrollHeight - anchor.current;
    anchor.current = null;
  }, [firstId]);

  // New messages or tokens at the bottom: follow them if the person was at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastId, tailKey]);

  useEffect(() => {
    const element = scroller.current;
    const top = sentinel.current;
    if (!element || !top || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlderRef.current();
      },
      { root: element, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // The conversation scrolls on its own so the composer stays in reach; the region takes focus
      // so a keyboard can scroll it.
      tabIndex={0}
      role="region"
      aria-label={`Conversation with ${coachName}`}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:ring-inset sm:px-4"
    >
      <div ref={sentinel} aria-hidden="true" />
      {hasOlder && (
        <div className="mb-4 flex justify-center">
          <Button variant="ghost" size="sm" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Loading earlier messages…
              </>
            ) : (
              'Load earlier messages'
            )}
          </Button>
        </div>
      )}
      {!hasOlder && messages.length > 0 && (
        <p className="mb-4 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
          <MessageCircle aria-hidden="true" className="size-3.5" />
          The start of your conversation with {coachName}
        </p>
      )}
      {messages.length === 0 && !tail ? (
        empty
      ) : (
        <ol aria-label="Messages" className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <ThreadMessage
                message={message}
                coachName={coachName}
                timeZone={timeZone}
                proposals={proposals}
                focusCrisis={message.id === focusCrisisId}
              />
            </li>
          ))}
        </ol>
      )}
      {tail && <div className="mt-4 space-y-4">{tail}</div>}
    </div>
  );
}
