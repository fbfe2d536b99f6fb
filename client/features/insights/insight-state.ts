import type {
  Insight,
  InsightList,
  InsightSuggestion,
  SuggestionResult,
} from '#contracts/insights.ts';
import { OFFLINE_ENGINE } from '#contracts/insights.ts';
import { paths } from '#client/lib/paths.ts';

// What the insight screens compute from the API's answers: pure, tested on its own.

/** Who wrote the words, as the card says it. */
export function engineLabel(engine: string): string {
  return engine === OFFLINE_ENGINE ? 'Written by the offline coach' : `Written by ${engine}`;
}

/** "+3 days", "−2 days", "No change" for the streak from before the week to its end. */
export function streakChangeLabel(streak: { before: number; after: number }): string {
  const change = streak.after - streak.before;
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (change === 0) return 'No change';
  return change > 0 ? `+${days(change)}` : `−${days(-change)}`;
}

/** "57%", or "—" when there was no top three. */
export function percent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

export interface WeekPoint {
  weekStart: string;
  /** The top-three completion of the week the insight reviewed; null without a top three. */
  rate: number | null;
  allDone: number;
  days: number;
}

/** Each written week's top-three completion, oldest first (this week last). */
export function weeklyCompletion(list: InsightList): WeekPoint[] {
  const insights = [...list.past].reverse();
  if (list.current) insights.push(list.current);
  return insights.map((insight) => {
    const { topThree } = insight.content.figures;
    return { weekStart: insight.weekStart, ...topThree };
  });
}

/** What a decided suggestion says beside it. */
export function decisionNote(suggestion: InsightSuggestion): string | null {
  if (suggestion.state === 'accepted' && suggestion.kind === 'experiment') {
    return 'Accepted: your experiment is planned';
  }
  if (suggestion.state === 'accepted') return 'Accepted: your task is updated';
  if (suggestion.state === 'dismissed') return 'Dismissed';
  return null;
}

/** Where an accepted suggestion's experiment opens (/experiments reads its `id`); null otherwise. */
export function experimentLink(suggestion: InsightSuggestion): string | null {
  if (suggestion.kind !== 'experiment' || !suggestion.experimentId) return null;
  return `${paths.experiments}?id=${encodeURIComponent(suggestion.experimentId)}`;
}

function replaceInsight(list: InsightList, insight: Insight): InsightList {
  const swap = (candidate: Insight) => (candidate.id === insight.id ? insight : candidate);
  return {
    ...list,
    current: list.current ? swap(list.current) : list.current,
    past: list.past.map(swap),
  };
}

/** The list after a decision: the insight as the server saved it. */
export function withDecision(list: InsightList, result: SuggestionResult): InsightList {
  return replaceInsight(list, result.insight);
}

/** The list after a refresh: this week's insight is the new one. */
export function withRefreshed(list: InsightList, insight: Insight): InsightList {
  if (insight.weekStart !== list.weekStart) return list;
  return { ...list, current: insight };
}
