import { describe, expect, it } from 'vitest';
import { busiestSlot, formatDuration, heatmapGrid } from './engagement-format.ts';

describe('engagement format', () => {
  it('reads durations in seconds, minutes and hours', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });

  it('buckets the heatmap into four-hour blocks by weekday and finds the busiest', () => {
    const grid = heatmapGrid([
      { weekday: 1, hour: 9, sessions: 1 },
      { weekday: 1, hour: 11, sessions: 2 },
      { weekday: 7, hour: 23, sessions: 1 },
    ]);
    expect(grid[2]).toEqual([3, 0, 0, 0, 0, 0, 0]);
    expect(grid[5]).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(busiestSlot(grid)).toMatchObject({ weekday: 1, sessions: 3, block: { hours: '08–12' } });
    expect(busiestSlot(heatmapGrid([]))).toBeNull();
  });
});
