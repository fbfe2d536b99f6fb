import { Loader2, MessageCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { CoachMessage } from '#contracts/coaching.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ThreadMessage, type ProposalControls } from './chat-message.tsx';

/** How close to the bottom (px) still counts as reading the newest message. */
const NEAR_BOTTOM = 96;

/** The page's scrolling element: the conversation scrolls with the page. */
function page(): HTMLElement {
  return document.scrollingElement instanceof HTMLElement
    ? document.scrollingElement
    : document.documentElement;
}

function isNearBottom(): boolean {
  const element = page();
  return element.scrollHeight - element.scrollTop - window.innerHeight < NEAR_BOTTOM;
}

/**
 * A thread's messages, newest at the bottom. The page scrolls (the chat's header and composer
 * stick to the top and bottom), so it works the same under any banner and with a phone's
 * keyboard. It opens at the bottom, follows new messages and a streaming reply while the person
 * is at the bottom (never pulls them down while they read older ones), and loads older pages when
 * the top comes into view, keeping the message being read where it was. A button does the same
 * for keyboard and screen-reader users.
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
  const sentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The distance from the bottom before older messages were asked for. */
  const anchor = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;

  const loadOlder = () => {
    if (!hasOlder || loadingOlder) return;
    anchor.current = page().scrollHeight - page().scrollTop;
    onLoadOlder();
  };
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  });

  // Older messages arrived above: keep the one being read in place.
  useLayoutEffect(() => {
    if (anchor.current === null) return;
    page().scrollTop = page().scrollHeight - anchor.current;
    anchor.current = null;
  }, [firstId]);

  // New messages or tokens at the bottom: follow them if the person was at the bottom.
  useLayoutEffect(() => {
    if (atBottom.current) page().scrollTop = page().scrollHeight;
  }, [lastId, tailKey]);

  useEffect(() => {
    const onScroll = () => {
      atBottom.current = isNearBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const top = sentinel.current;
    if (!top || typeof IntersectionObserver === 'undefined') {
      return () => window.removeEventListener('scroll', onScroll);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlderRef.current();
      },
      { rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(top);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <div
      role="region"
      aria-label={`Conversation with ${coachName}`}
      className="flex-1 px-3 py-4 sm:px-4"
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
