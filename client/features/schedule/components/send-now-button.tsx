import { LoaderCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { channelLabels } from '../channel-state.ts';
import { useSendNow } from '../api.ts';

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * POST /api/deliveries/send-now. A refusal (one is already on its way, too many today) is shown
 * under the button in the server's words.
 */
export function SendNowButton() {
  const id = useId();
  const send = useSendNow();
  const refusal = send.isError ? send.error.message : null;
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        disabled={send.isPending}
        aria-describedby={refusal ? `${id}-error` : undefined}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: ({ deliveries }) => {
              const channels = [...new Set(deliveries.map((d) => channelLabels[d.channel]))];
              toast.success('Today’s top three is on its way', {
                description: channels.length ? `By ${list(channels)}.` : undefined,
              });
            },
          })
        }
        className="w-full sm:w-auto"
      >
        {send.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        Send today’s top three now
      </Button>
      {refusal && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      )}
    </div>
  );
}
