import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer, useRef } from 'react';
import type { CoachMessage } from '#contracts/coaching.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { messageOf } from '#client/lib/error-message.ts';
import { coachingKeys } from './api.ts';
import { idleReply, replyReducer, withMessages, type ThreadData } from './chat-state.ts';
import { sendChatMessage } from './chat-stream.ts';

/**
 * How a send ended: `refused` means the server turned the message down before storing it (too
 * long, a rate limit, offline), so the person's words go back into the composer.
 */
export type SendOutcome =
  | { outcome: 'done'; reply: CoachMessage }
  | { outcome: 'crisis'; reply: CoachMessage }
  | { outcome: 'stopped' | 'failed' | 'refused' };

const CUT_OFF = 'The reply was cut off before it finished. Your message is kept: try again.';

/**
 * One thread's reply stream: sends the person's message (or answers a stored one again), folds
 * each event into the reply's state, and writes the stored messages into the thread's cache so
 * they stay when the stream ends. Stop aborts the request; the server keeps what it had written.
 */
export function useChatReply(userId: string, coachId: string) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(replyReducer, idleReply);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page does not stop a reply: it finishes into the thread's cache and is stored, so
  // it is there on coming back. Only Stop aborts. (The route keys the screen by coach.)

  const send = useCallback(
    async (text: string, retryOf: CoachMessage | null = null): Promise<SendOutcome> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      dispatch({ type: 'send', text, person: retryOf });
      let stored = retryOf !== null;
      const store = (message: CoachMessage) =>
        queryClient.setQueryData<ThreadData>(coachingKeys.messages(userId, coachId), (data) =>
          data ? withMessages(data, [message]) : data,
        );
      try {
        const events = sendChatMessage(
          coachId,
          retryOf ? { text: retryOf.text, retryOf: retryOf.id } : { text },
          { signal: abort.signal },
        );
        for await (const event of events) {
          dispatch({ type: 'event', event });
          switch (event.type) {
            case 'message':
              stored = true;
              store(event.data);
              break;
            case 'done':
            case 'crisis':
              store(event.data);
              return { outcome: event.type, reply: event.data };
            case 'error':
              return { outcome: 'failed' };
            case 'start':
            case 'delta':
              break;
          }
        }
        dispatch({ type: 'fail', message: CUT_OFF, status: 0 });
        return { outcome: 'failed' };
      } catch (error: unknown) {
        if (abort.signal.aborted) return { outcome: 'stopped' };
        dispatch({
          type: 'fail',
          message: messageOf(error, CUT_OFF),
          status: error instanceof ApiError ? error.status : 0,
        });
        return { outcome: stored ? 'failed' : 'refused' };
      } finally {
        if (controller.current === abort) controller.current = null;
        // The hub's "last message" and unread counts moved.
        void queryClient.invalidateQueries({ queryKey: coachingKeys.coaches(userId) });
      }
    },
    [coachId, queryClient, userId],
  );

  const stop = useCallback(() => {
    dispatch({ type: 'stop' });
    controller.current?.abort();
    controller.current = null;
    // The server stores the reply as far as it got; read it back so it is the one shown.
    void queryClient.invalidateQueries({ queryKey: coachingKeys.messages(userId, coachId) });
  }, [coachId, queryClient, userId]);

  const dismiss = useCallback(() => dispatch({ type: 'dismiss' }), []);

  return { state, send, stop, dismiss };
}
