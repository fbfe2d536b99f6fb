import type { EngagementSummary } from '#contracts/engagement.ts';

// Pure pieces of /engagement-analytics: how its durations read and the heatmap's blocks.

/** "45 s", "12 min", "1 h 5 min"; "—" without a figure. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The heatmap's rows: four hours of the person's clock each. */
export const timeBlocks = [
  { label: 'Night', hours: '00–04', from: 0 },
  { label: 'Early morning', hours: '04–08', from: 4 },
  { label: 'Morning', hours: '08–12', from: 8 },
  { label: 'Afternoon', hours: '12–16', from: 12 },
  { label: 'Evening', hours: '16–20', from: 16 },
  { label: 'Late evening', hours: '20–24', from: 20 },
] as const;

export type TimeBlock = (typeof timeBlocks)[number];

/** Sessions per time block (rows) and ISO weekday (columns, Monday first). */
export function heatmapGrid(cells: EngagementSummary['heatmap']): number[][] {
  const grid = timeBlocks.map(() => Array.from({ length: 7 }, () => 0));
  for (const cell of cells) {
    const row = grid[Math.floor(cell.hour / 4)];
    if (row) row[cell.weekday - 1] = (row[cell.weekday - 1] ?? 0) + cell.sessions;
  }
  return grid;
}

export interface HeatmapSlot {
  block: TimeBlock;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  sessions: number;
}

/** The busiest block and weekday (the first of ties), or null without sessions. */
export function busiestSlot(grid: readonly number[][]): HeatmapSlot | null {
  let best: HeatmapSlot | null = null;
  for (const [r, block] of timeBlocks.entries()) {
    for (const [c, sessions] of (grid[r] ?? []).entries()) {
      if (sessions > (best?.sessions ?? 0)) best = { block, weekday: c + 1, sessions };
    }
  }
  return best;
}
