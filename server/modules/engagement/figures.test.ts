import { describe, expect, it } from 'vitest';
import {
  deliveryEngagement,
  localSlotOf,
  sessionHeatmap,
  sessionsPerDay,
  sessionsPerWeek,
} from './figures.ts';

describe('engagement figures', () => {
  it("places an instant on the person's date (by their day-start hour) and clock hour", () => {
    const instant = new Date('2025-03-12T02:30:00.000Z');
    expect(localSlotOf(instant, 'America/New_York', 0)).toEqual({
      localDate: '2025-03-11',
      localHour: 22,
    });
    // 03:30 in Paris with days starting at 04:00 still belongs to the day before.
    expect(localSlotOf(instant, 'Europe/Paris', 4)).toEqual({
      localDate: '2025-03-11',
      localHour: 3,
    });
    expect(localSlotOf(instant, 'Europe/Paris', 0).localDate).toBe('2025-03-12');
  });

  it('fills every day of the period, adding raw and rolled-up rows of one date', () => {
    const days = sessionsPerDay(
      [
        { date: '2025-03-02', sessions: 1 },
        { date: '2025-03-02', sessions: 2 },
        { date: '2025-02-27', sessions: 9 },
      ],
      '2025-03-01',
      '2025-03-04',
    );
    expect(days).toEqual([
      { date: '2025-03-01', sessions: 0 },
      { date: '2025-03-02', sessions: 3 },
      { date: '2025-03-03', sessions: 0 },
      { date: '2025-03-04', sessions: 0 },
    ]);
    // Saturday the 1st and Sunday the 2nd close one ISO week; Monday the 3rd opens the next.
    expect(sessionsPerWeek(days)).toEqual([
      { weekStart: '2025-02-24', sessions: 3 },
      { weekStart: '2025-03-03', sessions: 0 },
    ]);
  });

  it('sums the heatmap by weekday and hour, leaving empty cells out', () => {
    expect(
      sessionHeatmap([
        { date: '2025-03-10', hour: 9, sessions: 1 },
        { date: '2025-03-17', hour: 9, sessions: 2 },
        { date: '2025-03-16', hour: 23, sessions: 1 },
        { date: '2025-03-11', hour: 7, sessions: 0 },
      ]),
    ).toEqual([
      { weekday: 1, hour: 9, sessions: 3 },
      { weekday: 7, hour: 23, sessions: 1 },
    ]);
  });

  it('lists every channel with its open rate, null when nothing went out', () => {
    expect(
      deliveryEngagement([{ channel: 'push', sent: 4, delivered: 4, opened: 1 }]).map((row) => [
        row.channel,
        row.openRate,
      ]),
    ).toEqual([
      ['email', null],
      ['sms', null],
      ['push', 0.25],
    ]);
  });
});
