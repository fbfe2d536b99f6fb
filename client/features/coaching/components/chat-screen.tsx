import {
  ArrowLeft,
  CircleAlert,
  NotebookPen,
  RotateCcw,
  SlidersHorizontal,
  UserRound,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CoachMessage, Proposal, UserCoach } from '#contracts/coaching.ts';
import { coachDomainLabels } from '#contracts/coach.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { messageOf } from '#client/lib/error-message.ts';
import { pathTo, paths } from '#client/lib/paths.ts';
import {
  useDecideProposal,
  useLiveCoachMessages,
  useMarkThreadRead,
  useThread,
} from '../chat-api.ts';
import {
  retryableMessage,
  showsLocalPerson,
  showsLocalReply,
  storedPerson,
  threadMessages,
  type ReplyState,
} from '../chat-state.ts';
import { useChatReply } from '../use-chat-reply.ts';
import { CoachBubble, PersonBubble } from './chat-message.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { decisionToast } from './chat-proposal.tsx';
import { ChatThread } from './chat-thread.tsx';

const uuid = z.uuid();

/** Openers for an empty thread: each sends at once. */
const starters = [
  'How am I doing this week?',
  'I keep putting something off.',
  'Help me plan my week.',
];

function ChatHeader({ coach }: { coach: UserCoach }) {
  return (
    <div className="sticky top-16 z-30 flex items-center gap-x-3 border-b bg-background px-3 py-3 sm:px-4">
      <Link
        to={paths.coaching}
        className={buttonClasses('ghost', 'icon', 'size-9 shrink-0')}
        aria-label="Back to coaching"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-accent-foreground"
      >
        {coach.name.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold tracking-tight">{coach.name}</h1>
        <p className="truncate text-sm text-muted-foreground">
          {coach.kind === 'human'
            ? 'Your human coach: they answer in person'
            : `${coachDomainLabels[coach.domain]} coach · ${coachToneLabels[coach.tone]} tone`}
        </p>
      </div>
      <div className="flex gap-1">
        <Link
          to={paths.coachingReflect}
          className={buttonClasses('ghost', 'sm')}
          aria-label="Reflect on your day"
        >
          <NotebookPen aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Reflect</span>
        </Link>
        {coach.kind !== 'human' && (
          <>
            <Link
              to={pathTo.coachingCustomize(coach.id)}
              className={buttonClasses('ghost', 'sm')}
              aria-label={`Customize ${coach.name}`}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Customize</span>
            </Link>
            <Link
              to={pathTo.coachingPersonality(coach.id)}
              className={buttonClasses('ghost', 'sm')}
              aria-label={`${coach.name}’s personality`}
            >
              <UserRound aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Personality</span>
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** What went wrong with the last send, in words a person can act on. */
function FailureNotice({ state }: { state: Extract<ReplyState, { phase: 'failed' }> }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-danger/30 bg-danger/5 px-3 py-2.5 text-sm"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>
        {state.rateLimited ? (
          // The server's words say how long to wait (a minute's limit or the day's allowance).
          <p className="font-medium">You’ve sent a lot of messages for now.</p>
        ) : state.person ? (
          <p className="font-medium">The coach could not answer. Your message is kept.</p>
        ) : (
          <p className="font-medium">Your message was not sent. It is back in the box below.</p>
        )}
        <p className="mt-0.5 text-muted-foreground">{state.message}</p>
      </div>
    </div>
  );
}

/**
 * /coaching/chat/{coachId}: the conversation with one of the person's own coaches. Older messages
 * page in on scroll; a reply streams in token by token with Stop; a stopped or failed reply can
 * be retried; proposals are accepted or declined in place; a crisis message gets the crisis
 * response. An unknown coach (or another person's) is the not-found page.
 */
export function ChatScreen({
  userId,
  coachId,
  timeZone,
  today,
  notFound,
  onRead,
}: {
  userId: string;
  coachId: string;
  timeZone: string;
  today: string;
  notFound: ReactNode;
  /** Called once the thread is open and marked read (the notifications move too). */
  onRead?: () => void;
}) {
  const validId = uuid.safeParse(coachId).success;
  const thread = useThread(userId, coachId, validId);
  const markRead = useMarkThreadRead(userId);
  const decide = useDecideProposal(userId, coachId);
  const reply = useChatReply(userId, coachId);
  const [draft, setDraft] = useState('');
  const [focusCrisisId, setFocusCrisisId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const coach = thread.data?.pages[0]?.coach;
  const messages = threadMessages(thread.data);

  // Marked read once per thread opened, not on every refetch or new callback.
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  const opened = thread.isSuccess;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (opened) markReadNow(coachId, { onSuccess: () => onReadRef.current?.() });
  }, [opened, coachId, markReadNow]);
  // A check-in written while the thread is open is read as it arrives.
  useLiveCoachMessages(userId, (message) => {
    if (message.coachId === coachId && message.kind === 'checkin') {
      markReadNow(coachId, { onSuccess: () => onReadRef.current?.() });
    }
  });

  if (!validId) return <>{notFound}</>;
  if (thread.error instanceof ApiError && thread.error.status === 404) return <>{notFound}</>;

  const streaming = reply.state.phase === 'streaming';
  const name = coach?.name ?? 'your coach';

  const send = async (text: string, retryOf: CoachMessage | null = null) => {
    if (!retryOf) setDraft('');
    const human = coach?.kind === 'human';
    setAnnouncement(human ? 'Sending…' : `Sent. ${name} is replying…`);
    const result = await reply.send(text, retryOf);
    switch (result.outcome) {
      case 'done':
        setAnnouncement(human ? `Sent to ${name}.` : `${name} replied.`);
        // Read as it arrives: the hub's unread count is for replies the person has not seen.
        markRead.mutate(coachId);
        break;
      case 'crisis':
        setFocusCrisisId(result.reply.id);
        setAnnouncement('');
        markRead.mutate(coachId);
        break;
      case 'refused':
        // Nothing was stored: the words go back where they were written.
        setDraft((current) => (current ? current : text));
        setAnnouncement('Your message was not sent.');
        textarea.current?.focus();
        break;
      case 'failed':
        setAnnouncement(`${name} could not answer. You can retry.`);
        break;
      case 'stopped':
        setAnnouncement('Reply stopped.');
        break;
    }
  };

  const onDecide = (proposal: Proposal, decision: 'accept' | 'decline') => {
    decide.mutate(
      { id: proposal.id, decision },
      {
        onSuccess: ({ proposal: decided }) => toast.success(decisionToast(decided, today)),
        onError: (error) =>
          toast.error(messageOf(error, 'That could not be saved. Try again in a moment.')),
      },
    );
  };

  const state = reply.state;
  const localPerson = showsLocalPerson(state, messages) && state.phase !== 'idle';
  const localReply = showsLocalReply(state, messages) && state.phase !== 'idle';
  const retryTarget =
    // A human coach answers in person (ADR 035): nothing to retry.
    state.phase === 'streaming' || coach?.kind === 'human'
      ? null
      : ((state.phase === 'idle' ? null : (storedPerson(state, messages) ?? state.person)) ??
        retryableMessage(messages));

  const tail =
    localPerson || localReply || state.phase === 'failed' || retryTarget ? (
      <>
        {localPerson && (state.person || state.phase !== 'failed') && (
          <PersonBubble
            text={state.person?.text ?? state.text}
            at={state.person?.createdAt ?? null}
            timeZone={timeZone}
            pending={!state.person && state.phase === 'streaming'}
          />
        )}
        {localReply && (state.phase === 'streaming' || state.reply) && (
          <CoachBubble
            coachName={name}
            text={state.reply}
            engine={state.engine}
            model={state.model}
            notice={null}
            at={null}
            timeZone={timeZone}
            status={state.phase}
          />
        )}
        {state.phase === 'failed' && <FailureNotice state={state} />}
        {retryTarget && (
          <div className="flex flex-wrap items-center justify-end gap-2 text-sm text-muted-foreground">
            {state.phase === 'idle' && <span>Your last message has no complete answer.</span>}
            {state.phase === 'stopped' && localReply && !state.reply && (
              <span>You stopped the reply before it began.</span>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void send(retryTarget.text, retryTarget)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Retry
            </Button>
          </div>
        )}
      </>
    ) : null;

  const tailKey = `${state.phase}:${state.phase === 'idle' ? '' : state.reply.length}`;

  return (
    // The page scrolls; the chat's header sticks under the app's and the composer to the bottom.
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-3xl flex-col">
      {coach ? (
        <ChatHeader coach={coach} />
      ) : (
        <div className="flex items-center gap-3 border-b px-4 py-3">
          <h1 className="sr-only">Coaching chat</h1>
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-5 w-40" />
        </div>
      )}
      {thread.isPending ? (
        <div role="status" aria-label="Loading the conversation" className="flex-1 space-y-4 p-4">
          <Skeleton className="h-16 w-3/4 rounded-2xl" />
          <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
          <Skeleton className="h-24 w-3/4 rounded-2xl" />
        </div>
      ) : thread.isError ? (
        <div className="flex-1 p-4">
          <ErrorState
            title="This conversation could not load"
            onRetry={() => void thread.refetch()}
          />
        </div>
      ) : (
        <ChatThread
          messages={messages}
          coachName={name}
          timeZone={timeZone}
          proposals={{
            today,
            decidingId: decide.isPending ? decide.variables.id : null,
            decision: decide.isPending ? decide.variables.decision : null,
            onDecide,
          }}
          focusCrisisId={focusCrisisId}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          onLoadOlder={() => void thread.fetchNextPage()}
          tail={tail}
          tailKey={tailKey}
          empty={
            <div className="mx-auto flex max-w-md flex-col items-center py-8 text-center">
              <p className="font-semibold">Start the conversation</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {name} answers from your own goals, tasks and streak. Say how things are going, or
                pick one of these.
              </p>
              <ul className="mt-4 flex flex-wrap justify-center gap-2">
                {starters.map((starter) => (
                  <li key={starter}>
                    <Button variant="outline" size="sm" onClick={() => void send(starter)}>
                      {starter}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          }
        />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ChatComposer
        coachName={name}
        value={draft}
        onChange={(value) => {
          setDraft(value);
          if (state.phase === 'failed' && !state.person) reply.dismiss();
        }}
        onSend={(text) => void send(text)}
        onStop={() => {
          reply.stop();
          textarea.current?.focus();
        }}
        streaming={streaming}
        textareaRef={textarea}
      />
    </div>
  );
}
