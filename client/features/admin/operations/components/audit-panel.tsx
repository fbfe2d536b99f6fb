import { FileSearch, Filter } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '#contracts/admin-operations.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { useAuditLog } from '../api.ts';
import { emptyAuditFilters, isFiltered, type AuditFilters } from '../operations-state.ts';
import { formatDateTime } from './bits.tsx';

const fields: Array<{
  key: keyof AuditFilters;
  label: string;
  type: string;
  placeholder?: string;
}> = [
  { key: 'action', label: 'Action', type: 'text', placeholder: 'user_signedup' },
  { key: 'actor', label: 'Done by (email)', type: 'email', placeholder: 'admin@example.com' },
  { key: 'user', label: 'Account (email)', type: 'email', placeholder: 'ada@example.com' },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

/** The audit log: who did what to which account, newest first, filtered, a page at a time. */
export function AuditPanel() {
  const ids = useId();
  const [draft, setDraft] = useState<AuditFilters>(emptyAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = isFiltered(filters);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters(draft);
  };
  const clear = () => {
    setDraft(emptyAuditFilters);
    setFilters(emptyAuditFilters);
  };

  return (
    <div className="space-y-5">
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-3"
      >
        {fields.map((field) => (
          <div key={field.key} className="min-w-0 space-y-1.5">
            <Label htmlFor={`${ids}-${field.key}`}>{field.label}</Label>
            <Input
              id={`${ids}-${field.key}`}
              type={field.type}
              placeholder={field.placeholder}
              value={draft[field.key]}
              onChange={(event) =>
                setDraft((current) => ({ ...current, [field.key]: event.target.value }))
              }
            />
          </div>
        ))}
        <div className="flex gap-2">
          <Button type="submit" variant="outline">
            <Filter aria-hidden="true" className="size-4" />
            Filter
          </Button>
          {filtered ? (
            <Button type="button" variant="ghost" onClick={clear}>
              Clear
            </Button>
          ) : null}
        </div>
      </form>

      {log.isPending ? (
        <div role="status" aria-label="Loading the audit log" className="space-y-2">
          <Skeleton className="h-14 rounded-xl" />
          <Skeleton className="h-14 rounded-xl" />
          <Skeleton className="h-14 rounded-xl" />
        </div>
      ) : log.isError ? (
        <ErrorState
          title="The audit log could not load"
          message={log.error.message}
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<FileSearch aria-hidden="true" />}
          title={filtered ? 'No entries match' : 'The audit log is empty'}
          action={
            filtered ? (
              <Button variant="outline" onClick={clear}>
                Show every entry
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? 'Try another action, address or dates. Addresses must match an account exactly.'
            : 'Sign-ups, sign-ins, role changes and admin actions are written here.'}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y rounded-xl border bg-card" aria-label="Audit log entries">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {log.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function actorOf(entry: AuditEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorType === 'service_role') return 'the service-role key';
  if (entry.actorType === 'cli') return 'the command line';
  if (entry.actorType === 'system') return 'the server';
  return entry.actorType === 'anonymous' ? 'an anonymous account' : 'an account without email';
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(entry.details);
  return (
    <li className="space-y-1 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code className="rounded bg-muted px-1.5 py-0.5 text-sm font-medium break-all">
          {entry.action}
        </code>
        <time className="text-sm text-muted-foreground" dateTime={entry.createdAt}>
          {formatDateTime.format(new Date(entry.createdAt))}
        </time>
      </div>
      <p className="text-sm break-words">
        By {actorOf(entry)}
        {entry.userEmail && entry.userEmail !== entry.actorEmail
          ? ` · account ${entry.userEmail}`
          : ''}
        {entry.ip ? ` · from ${entry.ip}` : ''}
      </p>
      {details.length > 0 ? (
        <p className="text-xs break-all text-muted-foreground">
          {details
            .map(
              ([key, value]) =>
                `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
            )
            .join(' · ')}
        </p>
      ) : null}
    </li>
  );
}
