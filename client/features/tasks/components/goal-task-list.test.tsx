import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deletedSchema } from '#contracts/shared.ts';
import { taskActionResultSchema } from '#contracts/tasks.ts';
import { flushDeletes } from '#client/lib/deferred-delete.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeTask } from '#client/test/goal-fixtures.ts';
import { GoalTaskList } from './goal-task-list.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';

describe('GoalTaskList', { timeout: 20_000 }, () => {
  it('edits a task, sending only what changed', async () => {
    const user = userEvent.setup();
    const task = makeTask({ title: 'Easy run', estimatedMinutes: 30 });
    const api = fakeApi({
      [`PATCH /api/tasks/${task.id}`]: () => ({
        body: taskActionResultSchema.parse({
          task: { ...task, title: 'Easy run, 5 km' },
          nextOccurrence: null,
        }),
      }),
    });
    renderScreen(<GoalTaskList tasks={[task]} localDate={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'More for “Easy run”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Easy run, 5 km');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/tasks/${task.id}`)[0]?.body).toEqual({
        action: 'edit',
        title: 'Easy run, 5 km',
      }),
    );
  });

  it('a repeating task offers deleting this time only or the whole series', async () => {
    const user = userEvent.setup();
    const task = makeTask({
      title: 'Stretch',
      recurrence: { kind: 'after_completion', everyDays: 2 },
    });
    const api = fakeApi({
      [`DELETE /api/tasks/${task.id}`]: () => ({ body: deletedSchema.parse({ deleted: true }) }),
    });
    renderScreen(<GoalTaskList tasks={[task]} localDate={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'More for “Stretch”' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete the series' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Delete this time only' }));
    expect(await screen.findByText('This time deleted')).toBeVisible();
    flushDeletes();
    await waitFor(() =>
      expect(api.callsTo(`DELETE /api/tasks/${task.id}`).map((call) => call.url)).toEqual([
        `/api/tasks/${task.id}?scope=occurrence`,
      ]),
    );
  });

  it('deletes with undo: undo sends nothing; otherwise the delete is sent when the window ends', async () => {
    const user = userEvent.setup();
    const task = makeTask({ title: 'Stretch' });
    const api = fakeApi({
      [`DELETE /api/tasks/${task.id}`]: () => ({ body: deletedSchema.parse({ deleted: true }) }),
    });
    renderScreen(<GoalTaskList tasks={[task]} localDate={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'More for “Stretch”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Task deleted')).toBeVisible();
    // By keyboard: the toast's swipe handling needs pointer capture, which jsdom lacks.
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Enter}');
    flushDeletes();
    expect(api.callsTo(`DELETE /api/tasks/${task.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More for “Stretch”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    flushDeletes();
    await waitFor(() => expect(api.callsTo(`DELETE /api/tasks/${task.id}`)).toHaveLength(1));
  });

  it('moves an open task with keyboard-reachable buttons', async () => {
    const user = userEvent.setup();
    const first = makeTask({ title: 'First' });
    const second = makeTask({ title: 'Second' });
    const onMove = vi.fn();
    fakeApi({});
    renderScreen(<GoalTaskList tasks={[first, second]} localDate={TODAY} onMove={onMove} />);
    expect(screen.getByRole('button', { name: 'Move “First” up' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move “Second” up' }).focus();
    await user.keyboard('{Enter}');
    expect(onMove).toHaveBeenCalledWith(second.id, -1);
  });
});
