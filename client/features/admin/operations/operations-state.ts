import type { DeliveryReport, EngineUsage } from '#contracts/admin-operations.ts';
import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import type { CoachEngine } from '#contracts/coach.ts';

// The admin operations panels' pure parts: what the charts and tables are drawn from, the audit
// log's query string, the worker's health in words.

export interface AuditFilters {
  action: string;
  actor: string;
  user: string;
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilters = {
  action: '',
  actor: '',
  user: '',
  from: '',
  to: '',
};

export function isFiltered(filters: AuditFilters): boolean {
  return Object.values<string>({ ...filters }).some((value) => value.trim() !== '');
}

/** The audit log's query: only the filters given, trimmed, the page size and the cursor. */
export function auditSearch(
  filters: AuditFilters,
  cursor: string | null,
  limit: number,
): URLSearchParams {
  const search = new URLSearchParams({ limit: String(limit) });
  for (const key of ['action', 'actor', 'user', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) search.set(key, value);
  }
  if (cursor) search.set('cursor', cursor);
  return search;
}

export interface ChannelRow {
  channel: DeliveryChannel;
  delivered: number;
  waiting: number;
  failed: number;
  skipped: number;
  total: number;
}

/**
 * The report's counts as one row per channel: delivered (sent, delivered, opened), waiting
 * (queued, sending), failed and skipped. Every channel has a row, zeros included.
 */
export function channelRows(counts: DeliveryReport['counts']): ChannelRow[] {
  return deliveryChannels.map((channel) => {
    const row: ChannelRow = { channel, delivered: 0, waiting: 0, failed: 0, skipped: 0, total: 0 };
    for (const count of counts) {
      if (count.channel !== channel) continue;
      row.total += count.count;
      if (count.status === 'failed') row.failed += count.count;
      else if (count.status === 'skipped') row.skipped += count.count;
      else if (count.status === 'queued' || count.status === 'sending') row.waiting += count.count;
      else row.delivered += count.count;
    }
    return row;
  });
}

/** The share of finished deliveries that failed, 0 to 1; null when none finished. */
export function failureRate(rows: readonly ChannelRow[]): number | null {
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  const finished = rows.reduce((sum, row) => sum + row.delivered + row.failed, 0);
  return finished === 0 ? null : failed / finished;
}

export type WorkerHealth = 'never' | 'ok' | 'late';

/** A worker that has not passed for three ticks (at least a minute) is late. */
export function workerHealth(lastTickAt: string | null, tickMs: number, now: Date): WorkerHealth {
  if (!lastTickAt) return 'never';
  const age = now.getTime() - new Date(lastTickAt).getTime();
  return age > Math.max(3 * tickMs, 60_000) + 30_000 ? 'late' : 'ok';
}

/** "12 seconds ago", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(at: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second ago' : `${seconds} seconds ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export const engineLabels: Record<CoachEngine, string> = {
  offline: 'Offline coach',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible server',
};

/** An engine and its model as one line ("OpenAI · gpt-4.1-mini"; the offline coach alone). */
export function engineTitle(engine: CoachEngine, model: string): string {
  return engine === 'offline' ? engineLabels.offline : `${engineLabels[engine]} · ${model}`;
}

/** Usage rows with a share of calls and a fallback rate for the table and the chart. */
export function usageRows(usage: readonly EngineUsage[]) {
  const calls = usage.reduce((sum, row) => sum + row.calls, 0);
  return usage.map((row) => ({
    ...row,
    label: engineLabels[row.engine],
    share: calls === 0 ? 0 : row.calls / calls,
    fallbackRate: row.calls === 0 ? 0 : row.fallbacks / row.calls,
    tokens: row.inputTokens + row.outputTokens,
  }));
}
