import { ExternalLink } from 'lucide-react';
import type { OutboxMessage } from '#contracts/admin-outbox.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useOutboxMessage } from '../api.ts';
import { channelLabels } from './channel-icon.tsx';
import { formatTime, titleOf } from './format.ts';

/** Only web links become clickable: anything else stays text. */
function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** One message of the dev outbox in full: who, when, its link, its text and its HTML. */
export function OutboxDetail({
  summary,
  onClose,
}: {
  /** The row that was opened (its list fields show while the rest loads). */
  summary: OutboxMessage | null;
  onClose: () => void;
}) {
  const message = useOutboxMessage(summary?.id ?? null);
  const full = message.data ?? summary;

  return (
    <Dialog open={summary !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl!">
        {full ? (
          <>
            <DialogTitle>{titleOf(full)}</DialogTitle>
            <DialogDescription>
              {channelLabels[full.channel]} to <span className="break-all">{full.to}</span> ·{' '}
              {formatTime.format(new Date(full.createdAt))}
              {full.template ? ` · ${full.template}` : ''}
            </DialogDescription>
            {message.isPending ? (
              <div className="mt-5 space-y-3" role="status" aria-label="Loading the message">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-40" />
              </div>
            ) : message.isError ? (
              <ErrorState
                className="mt-5"
                title="This message could not load"
                message={message.error.message}
                onRetry={() => void message.refetch()}
              />
            ) : (
              <MessageBody message={message.data} />
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MessageBody({ message }: { message: OutboxMessage }) {
  return (
    <div className="mt-5 space-y-5">
      {message.link ? (
        <div>
          <h3 className="text-sm font-medium">Link</h3>
          {isWebLink(message.link) ? (
            <a
              href={message.link}
              target="_blank"
              rel="noreferrer noopener"
              className="mt-1 inline-flex max-w-full items-start gap-1.5 text-sm font-medium break-all text-primary underline-offset-4 hover:underline"
            >
              {message.link}
              <ExternalLink aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="mt-1 text-sm break-all">{message.link}</p>
          )}
        </div>
      ) : null}
      <div>
        <h3 className="text-sm font-medium">Text</h3>
        <pre className="mt-1 max-h-72 overflow-auto rounded-lg bg-muted p-3 font-sans text-sm whitespace-pre-wrap break-words">
          {message.text}
        </pre>
      </div>
      {message.html ? (
        <div>
          <h3 className="text-sm font-medium">HTML</h3>
          {/* sandbox="": no scripts, no forms, no navigation of this page; links inside do nothing. */}
          <iframe
            title={`HTML of “${titleOf(message)}”`}
            sandbox=""
            srcDoc={message.html}
            className="mt-1 h-96 w-full rounded-lg border bg-white"
          />
        </div>
      ) : null}
    </div>
  );
}
