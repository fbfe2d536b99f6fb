import { Inbox, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { OutboxMessage } from '#contracts/admin-outbox.ts';
import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { useOutbox, type OutboxFilters } from '../api.ts';
import { ChannelIcon, channelLabels } from './channel-icon.tsx';
import { OutboxDetail } from './outbox-detail.tsx';
import { formatTime, titleOf } from './format.ts';

/**
 * The dev outbox: every email, SMS and push this server would have sent through a provider it has
 * no settings for, newest first, filtered by channel and recipient; a row opens the message.
 */
export function DevOutbox() {
  const ids = useId();
  const [filters, setFilters] = useState<OutboxFilters>({ channel: 'all', to: '' });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(filters);
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];
  const filtered = filters.channel !== 'all' || filters.to !== '';

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, to: search.trim() }));
  };

  return (
    <div>
      <form
        role="search"
        aria-label="Filter the dev outbox"
        onSubmit={submitSearch}
        className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-channel`}>Channel</Label>
          <Select
            id={`${ids}-channel`}
            value={filters.channel}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                channel: event.target.value as DeliveryChannel | 'all',
              }))
            }
          >
            <option value="all">All channels</option>
            {deliveryChannels.map((channel) => (
              <option key={channel} value={channel}>
                {channelLabels[channel]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-to`}>Recipient</Label>
          <Input
            id={`${ids}-to`}
            type="search"
            placeholder="Part of an address or number"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>

      <div className="mt-5">
        {outbox.isPending ? (
          <div role="status" aria-label="Loading the dev outbox" className="space-y-2">
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
          </div>
        ) : outbox.isError ? (
          <ErrorState
            title="The dev outbox could not load"
            message={outbox.error.message}
            onRetry={() => void outbox.refetch()}
          />
        ) : messages.length === 0 ? (
          <EmptyState
            icon={<Inbox aria-hidden="true" />}
            title={filtered ? 'No messages match' : 'The dev outbox is empty'}
            action={
              filtered ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    setFilters({ channel: 'all', to: '' });
                  }}
                >
                  Show all messages
                </Button>
              ) : undefined
            }
          >
            {filtered
              ? 'Try another channel or part of the recipient.'
              : 'Messages appear here when email, SMS or push is not configured: instead of going out, they are kept here for admins to read.'}
          </EmptyState>
        ) : (
          <>
            <ul
              className="divide-y rounded-xl border bg-card"
              aria-label="Messages in the dev outbox"
            >
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(message)}
                    className="flex w-full items-start gap-3 p-3 text-left transition hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:items-center sm:p-4"
                  >
                    <ChannelIcon channel={message.channel} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{titleOf(message)}</span>
                      <span className="block truncate text-sm text-muted-foreground">
                        {message.to}
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
                        <MessageMeta message={message} />
                      </span>
                    </span>
                    <span className="hidden shrink-0 flex-col items-end gap-1 text-sm text-muted-foreground sm:flex">
                      <MessageMeta message={message} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {outbox.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  disabled={outbox.isFetchingNextPage}
                  onClick={() => void outbox.fetchNextPage()}
                >
                  {outbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <OutboxDetail summary={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** When a message was kept, and what produced it. */
function MessageMeta({ message }: { message: OutboxMessage }) {
  return (
    <>
      <time dateTime={message.createdAt}>{formatTime.format(new Date(message.createdAt))}</time>
      {message.template ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{message.template}</span>
      ) : null}
    </>
  );
}
