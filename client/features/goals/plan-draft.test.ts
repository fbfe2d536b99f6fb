import { describe, expect, it } from 'vitest';
import {
  acceptRequest,
  draftFromProposal,
  moveMilestone,
  moveTask,
  selectAll,
  selectionCount,
  tasksOf,
  updateMilestone,
} from './plan-draft.ts';

const draft = draftFromProposal({
  kind: 'plan',
  milestones: [
    { title: 'Base', description: 'd', dueDate: '2026-03-20' },
    { title: 'Build', description: 'd', dueDate: '2026-04-20' },
    { title: 'Race', description: 'd', dueDate: '2026-06-01' },
  ],
  tasks: [
    { title: 'a', milestoneIndex: 0, scheduledDate: '2026-03-03', estimatedMinutes: 30 },
    { title: 'b', milestoneIndex: 1, scheduledDate: '2026-03-23', estimatedMinutes: 30 },
    { title: 'c', milestoneIndex: 1, scheduledDate: '2026-04-10', estimatedMinutes: 30 },
  ],
  notes: [],
});

describe('plan draft', () => {
  it('moves a milestone into the other date slot, its tasks by the same days, within today', () => {
    const moved = moveMilestone(draft, 'm1', -1, '2026-03-02');
    expect(moved.milestones.map((m) => [m.title, m.dueDate])).toEqual([
      ['Build', '2026-03-20'],
      ['Base', '2026-04-20'],
      ['Race', '2026-06-01'],
    ]);
    // Build moved 31 days earlier: b would fall before today and stays on today.
    expect(tasksOf(moved, 'm1').map((t) => [t.title, t.scheduledDate])).toEqual([
      ['b', '2026-03-02'],
      ['c', '2026-03-10'],
    ]);
    expect(tasksOf(moved, 'm0').map((t) => t.scheduledDate)).toEqual(['2026-04-03']);
    // The request lists tasks in the milestones' new order.
    expect(acceptRequest(moved, null).tasks.map((t) => [t.title, t.milestoneIndex])).toEqual([
      ['b', 0],
      ['c', 0],
      ['a', 1],
    ]);
  });

  it('keeps the first and last in place', () => {
    expect(moveMilestone(draft, 'm0', -1, '2026-03-02')).toBe(draft);
    expect(moveTask(draft, 't2', 1)).toBe(draft);
    expect(tasksOf(moveTask(draft, 't2', -1), 'm1').map((t) => t.title)).toEqual(['c', 'b']);
  });

  it('keeps milestones in date order when a date changes', () => {
    const changed = updateMilestone(draft, 'm0', { dueDate: '2026-05-01' });
    expect(changed.milestones.map((m) => m.title)).toEqual(['Build', 'Base', 'Race']);
  });

  it('keeps a picked task whose milestone is left out, without a milestone', () => {
    let changed = updateMilestone(draft, 'm0', { selected: false });
    changed = { ...changed, tasks: changed.tasks.map((t) => ({ ...t, selected: true })) };
    const request = acceptRequest(changed, 'offline');
    expect(request.milestones.map((m) => m.title)).toEqual(['Build', 'Race']);
    expect(request.tasks[0]).toEqual({
      title: 'a',
      scheduledDate: '2026-03-03',
      estimatedMinutes: 30,
    });
    expect(request.tasks[1]?.milestoneIndex).toBe(0);
  });

  it("sends the proposal's suggestionId back when it has one", () => {
    const id = '0b8f2d8e-4c1a-4f5e-9a3b-2c6d7e8f9a0b';
    expect(acceptRequest(draft, 'offline', id)).toMatchObject({
      proposedBy: 'offline',
      suggestionId: id,
    });
    expect(acceptRequest(draft, 'offline')).not.toHaveProperty('suggestionId');
  });
});

describe('plan more: a milestone the goal already has', () => {
  const existingId = '4f1c8f5e-8a0e-4b8e-9d7a-2f0c6b7d9e11';
  const more = draftFromProposal({
    kind: 'plan',
    milestones: [
      { title: 'Base', description: 'd', dueDate: '2026-03-20', existingId },
      { title: 'Build', description: 'd', dueDate: '2026-04-20' },
    ],
    tasks: [
      { title: 'a', milestoneIndex: 0, scheduledDate: '2026-03-03', estimatedMinutes: 30 },
      { title: 'b', milestoneIndex: 1, scheduledDate: '2026-03-23', estimatedMinutes: 30 },
    ],
    notes: [],
  });

  it('is not counted, picked, moved or sent again; its new tasks join it by id', () => {
    expect(selectionCount(more)).toEqual({ selected: 3, total: 3 });
    expect(selectionCount(selectAll(more, false))).toEqual({ selected: 0, total: 3 });
    expect(moveMilestone(more, 'm1', -1, '2026-03-02')).toBe(more);
    expect(updateMilestone(more, 'm0', { selected: false })).toBe(more);
    const request = acceptRequest(more, 'offline');
    expect(request.milestones.map((m) => m.title)).toEqual(['Build']);
    expect(request.tasks).toEqual([
      { title: 'a', milestoneId: existingId, scheduledDate: '2026-03-03', estimatedMinutes: 30 },
      { title: 'b', milestoneIndex: 0, scheduledDate: '2026-03-23', estimatedMinutes: 30 },
    ]);
  });
});
