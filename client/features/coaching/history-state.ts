import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import {
  historyEntryTypes,
  type HistoryEntry,
  type HistoryEntryType,
} from '#contracts/coaching.ts';
import { addDays, formatDate, todayIn } from '#contracts/local-date.ts';

// /history's pure rules: the filters as they live in the URL (so a filtered timeline can be shared,
// reloaded and taken back to), the API's query string, and the entries grouped by local day.

export interface HistoryFilters {
  /** Empty: every type. */
  types: HistoryEntryType[];
  goalId: string | null;
  domain: CoachDomain | null;
  /** Local dates (YYYY-MM-DD), inclusive. */
  from: string | null;
  to: string | null;
}

export const noHistoryFilters: HistoryFilters = {
  types: [],
  goalId: null,
  domain: null,
  from: null,
  to: null,
};

export const historyTypeLabels: Record<HistoryEntryType, string> = {
  task_done: 'Tasks done',
  task_skipped: 'Tasks skipped',
  milestone_reached: 'Milestones reached',
  goal_event: 'Goal events',
  top_three_day: 'Top-three days',
  reflection: 'Reflections',
  conversation: 'Conversations',
  consultation: 'Team consultations',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isType = (value: string): value is HistoryEntryType =>
  (historyEntryTypes as readonly string[]).includes(value);
const isDomain = (value: string): value is CoachDomain =>
  (coachDomains as readonly string[]).includes(value);
const validDate = (value: string | null): string | null =>
  value && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

/**
 * The filters a URL asks for. A hand-edited or stale link never breaks the page: values that are
 * not valid are dropped, and dates given the wrong way round are swapped.
 */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const types = [
    ...new Set(
      (search.get('types') ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter(isType),
    ),
  ];
  const goalId = search.get('goal');
  const domain = search.get('domain');
  let from = validDate(search.get('from'));
  let to = validDate(search.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    types: historyEntryTypes.filter((type) => types.includes(type)),
    goalId: goalId && UUID.test(goalId) ? goalId : null,
    domain: domain && isDomain(domain) ? domain : null,
    from,
    to,
  };
}

/** The URL's search params for the filters (only the ones set, so a plain /history stays plain). */
export function filtersToSearch(filters: HistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.types.length > 0) search.set('types', filters.types.join(','));
  if (filters.goalId) search.set('goal', filters.goalId);
  if (filters.domain) search.set('domain', filters.domain);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  return search;
}

export const hasHistoryFilters = (filters: HistoryFilters): boolean =>
  filtersToSearch(filters).size > 0;

/** GET /api/history's query: the filters, the page's cursor and size. */
export function historyQueryString(
  filters: HistoryFilters,
  cursor: string | null,
  limit: number,
): string {
  const search = new URLSearchParams();
  if (filters.types.length > 0) search.set('types', filters.types.join(','));
  if (filters.goalId) search.set('goalId', filters.goalId);
  if (filters.domain) search.set('domain', filters.domain);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(limit));
  return search.toString();
}

/** Toggles one type in the filter, keeping the contract's order. */
export function toggleType(filters: HistoryFilters, type: HistoryEntryType): HistoryFilters {
  const set = new Set(filters.types);
  if (set.has(type)) set.delete(type);
  else set.add(type);
  return { ...filters, types: historyEntryTypes.filter((candidate) => set.has(candidate)) };
}

export interface HistoryDay {
  /** The local date (YYYY-MM-DD) in the person's zone. */
  date: string;
  entries: HistoryEntry[];
}

/**
 * The entries by local day, newest first as they came; an entry that two pages both carry (a
 * refetch while paging) shows once.
 */
export function groupByDay(entries: readonly HistoryEntry[], timeZone: string): HistoryDay[] {
  const seen = new Set<string>();
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const date = todayIn(timeZone, new Date(entry.at));
    const last = days.at(-1);
    if (last?.date === date) last.entries.push(entry);
    else days.push({ date, entries: [entry] });
  }
  return days;
}

/** A day's heading: "Today", "Yesterday", else the date. */
export function dayHeading(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, -1)) return 'Yesterday';
  return formatDate(date, today);
}
