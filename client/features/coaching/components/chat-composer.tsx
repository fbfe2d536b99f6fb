import { SendHorizontal, Square } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { MESSAGE_MAX } from '#contracts/coaching.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/** The counter shows from here on, so a long message is not a surprise at the limit. */
export const COUNTER_FROM = MESSAGE_MAX - 500;

const count = new Intl.NumberFormat('en');

/**
 * Where the person writes: Enter sends, Shift+Enter starts a new line. While a reply streams the
 * button is Stop. Past the limit the counter turns red and sending waits for a shorter message.
 */
export function ChatComposer({
  coachName,
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  textareaRef,
}: {
  coachName: string;
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  streaming: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  const length = value.length;
  const tooLong = length > MESSAGE_MAX;
  const empty = value.trim().length === 0;

  const submit = () => {
    if (streaming || empty || tooLong) return;
    onSend(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes a word picks the word; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={onSubmit}
      className="sticky bottom-0 z-20 border-t bg-background px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4"
    >
      <label htmlFor={id} className="sr-only">
        Message {coachName}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={textareaRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={`Write to ${coachName}…`}
          aria-describedby={`${id}-hint ${id}-count`}
          aria-invalid={tooLong || undefined}
          className={cn(
            'block field-sizing-content max-h-48 min-h-11 w-full resize-none rounded-xl border border-input bg-card px-3 py-2.5 text-base text-foreground shadow-xs transition sm:text-sm',
            'placeholder:text-muted-foreground/80',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
            'aria-invalid:border-danger',
          )}
        />
        {streaming ? (
          <Button type="button" variant="outline" onClick={onStop} className="h-11 shrink-0">
            <Square aria-hidden="true" className="size-4 fill-current" />
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={empty || tooLong} className="h-11 shrink-0">
            <SendHorizontal aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Send</span>
          </Button>
        )}
      </div>
      <div className="mt-1.5 flex justify-between gap-3 text-xs text-muted-foreground">
        <p id={`${id}-hint`} className="hidden sm:block">
          Enter to send, Shift+Enter for a new line.
        </p>
        <p
          id={`${id}-count`}
          className={cn('ml-auto tabular-nums', tooLong && 'font-medium text-danger')}
        >
          {length >= COUNTER_FROM &&
            (tooLong
              ? `${count.format(length - MESSAGE_MAX)} characters over the ${count.format(MESSAGE_MAX)} limit`
              : `${count.format(length)} / ${count.format(MESSAGE_MAX)}`)}
        </p>
      </div>
    </form>
  );
}
