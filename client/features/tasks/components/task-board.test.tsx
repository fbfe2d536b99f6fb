import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { taskActionResultSchema, type Task } from '#contracts/tasks.ts';
import { swapResultSchema, type Today } from '#contracts/today.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeTask, makeToday } from '#client/test/goal-fixtures.ts';
import { TaskBoard } from './task-board.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const run = makeTask({ title: 'Run 2 km', goalId: null, goalTitle: 'Run a 10k' });
const call = makeTask({ title: 'Call Mum', recurrence: { kind: 'weekly', timesPerWeek: 2 } });
const read = makeTask({ title: 'Read 20 pages' });
const tidy = makeTask({ title: 'Tidy the desk', scheduledDate: null });

function initialToday(): Today {
  return makeToday(
    [
      { task: run, reason: 'Due today' },
      { task: call, reason: 'Your top goal' },
      { task: read, reason: 'Waiting for 3 days' },
    ],
    [tidy],
  );
}

function renderBoard(server: { today: Today }, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/tasks/today': () => ({ body: server.today }), ...extra });
  const view = renderScreen(<TaskBoard emptyAction={null} />, { route: '/tasks', path: '/tasks' });
  return { api, ...view };
}

function done(task: Task): Task {
  return { ...task, status: 'done', completedAt: '2026-03-02T09:00:00.000Z' };
}

// Typing with userEvent is slow on a busy machine.
describe('TaskBoard', { timeout: 20_000 }, () => {
  it('shows today’s three first, each with its reason, and the rest of today after', async () => {
    renderBoard({ today: initialToday() });
    const topThree = (await screen.findByRole('heading', { name: 'Today’s top three' })).closest(
      'section',
    ) as HTMLElement;
    const items = within(topThree).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Run 2 km'),
      expect.stringContaining('Call Mum'),
      expect.stringContaining('Read 20 pages'),
    ]);
    expect(within(items[0] as HTMLElement).getByText('Due today')).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText('2 times a week')).toBeVisible();
    const also = screen.getByRole('heading', { name: /Also open today/ }).closest('section');
    expect(within(also as HTMLElement).getByText('Tidy the desk')).toBeVisible();
  });

  it('completes a task at once, before the server answers', async () => {
    const user = userEvent.setup();
    const server = { today: initialToday() };
    const answer = deferred<{ body: unknown }>();
    const { api } = renderBoard(server, {
      [`PATCH /api/tasks/${run.id}`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Complete “Run 2 km”' }));

    // Done on screen while the call is still out.
    expect(screen.getByRole('button', { name: 'Mark “Run 2 km” as not done' })).toBeVisible();
    expect(api.callsTo(`PATCH /api/tasks/${run.id}`)[0]?.body).toEqual({ action: 'complete' });

    server.today = makeToday(
      [
        { task: done(run), reason: 'Due today' },
        { task: call, reason: 'Your top goal' },
        { task: read, reason: 'Waiting for 3 days' },
      ],
      [tidy],
    );
    answer.resolve({
      body: taskActionResultSchema.parse({ task: done(run), nextOccurrence: null }),
    });
    expect(await screen.findByText('Done. Nice work!')).toBeVisible();
    // Then today is read again, and the task stays done in its place.
    await waitFor(() => expect(api.callsTo('GET /api/tasks/today')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Mark “Run 2 km” as not done' })).toBeVisible();
  });

  it('puts the task back and says so when completing fails', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ status: number; body: unknown }>();
    renderBoard(
      { today: initialToday() },
      { [`PATCH /api/tasks/${read.id}`]: () => answer.promise },
    );
    await user.click(await screen.findByRole('button', { name: 'Complete “Read 20 pages”' }));
    expect(screen.getByRole('button', { name: 'Mark “Read 20 pages” as not done' })).toBeVisible();

    answer.resolve({
      status: 409,
      body: {
        error: { code: 'conflict', message: 'This task changed elsewhere.', requestId: 'r1' },
      },
    });
    expect(await screen.findByText('“Read 20 pages” was not completed')).toBeVisible();
    expect(screen.getByText('This task changed elsewhere.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete “Read 20 pages”' })).toBeVisible();
  });

  it('skips a task from its menu: it leaves today’s list at once', async () => {
    const user = userEvent.setup();
    const server = { today: initialToday() };
    const answer = deferred<{ body: unknown }>();
    const { api } = renderBoard(server, {
      [`PATCH /api/tasks/${tidy.id}`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'More for “Tidy the desk”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Skip' }));

    expect(screen.queryByText('Tidy the desk')).not.toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/tasks/${tidy.id}`)[0]?.body).toEqual({ action: 'skip' });
    server.today = makeToday(
      [
        { task: run, reason: 'Due today' },
        { task: call, reason: 'Your top goal' },
        { task: read, reason: 'Waiting for 3 days' },
      ],
      [],
    );
    answer.resolve({
      body: taskActionResultSchema.parse({
        task: { ...tidy, status: 'skipped' },
        nextOccurrence: null,
      }),
    });
    expect(await screen.findByText('Skipped for today')).toBeVisible();
  });

  it('snoozes a task to a chosen day', async () => {
    const user = userEvent.setup();
    const { api } = renderBoard(
      { today: initialToday() },
      {
        [`PATCH /api/tasks/${read.id}`]: () => ({
          body: taskActionResultSchema.parse({
            task: { ...read, snoozedUntil: '2026-03-05' },
            nextOccurrence: null,
          }),
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'More for “Read 20 pages”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Snooze until…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze until…' });
    await user.click(within(dialog).getByRole('button', { name: 'In 3 days' }));
    await user.click(within(dialog).getByRole('button', { name: /^Snooze to/ }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/tasks/${read.id}`)[0]?.body).toEqual({
        action: 'snooze',
        until: '2026-03-05',
      }),
    );
  });

  it('swaps one of the three for the next best and says why', async () => {
    const user = userEvent.setup();
    const { api } = renderBoard(
      { today: initialToday() },
      {
        'POST /api/tasks/today/swap': () => ({
          body: swapResultSchema.parse({
            ...makeToday(
              [
                { task: run, reason: 'Due today' },
                { task: tidy, reason: 'Next best: any day' },
                { task: read, reason: 'Waiting for 3 days' },
              ],
              [call],
            ),
            swap: { removedTaskId: call.id, addedTaskId: tidy.id, reason: 'Next best: any day' },
          }),
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'More for “Call Mum”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Swap for another task' }));
    expect(await screen.findByText('Swapped')).toBeVisible();
    expect(api.callsTo('POST /api/tasks/today/swap')[0]?.body).toEqual({ taskId: call.id });
    const topThree = screen
      .getByRole('heading', { name: 'Today’s top three' })
      .closest('section') as HTMLElement;
    expect(within(topThree).getByText('Tidy the desk')).toBeVisible();
    expect(within(topThree).queryByText('Call Mum')).not.toBeInTheDocument();
  });

  it('keeps the task when nothing can replace it, and says there is none', async () => {
    const user = userEvent.setup();
    const reason =
      'There is none: no other task is open for today, so “Call Mum” stays in your three.';
    renderBoard(
      { today: initialToday() },
      {
        'POST /api/tasks/today/swap': () => ({
          body: swapResultSchema.parse({
            ...initialToday(),
            swap: { removedTaskId: null, addedTaskId: null, reason },
          }),
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'More for “Call Mum”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Swap for another task' }));
    expect(await screen.findByText('Nothing to swap in')).toBeVisible();
    expect(screen.getByText(reason)).toBeVisible();
    const topThree = screen
      .getByRole('heading', { name: 'Today’s top three' })
      .closest('section') as HTMLElement;
    expect(within(topThree).getByText('Call Mum')).toBeVisible();
  });

  it('cheers only when every pick is done: a skipped one is not done', async () => {
    const skipped = makeToday(
      [
        { task: done(run), reason: 'Due today' },
        { task: done(call), reason: 'Your top goal' },
        { task: { ...read, status: 'skipped' }, reason: 'Waiting for 3 days' },
      ],
      [],
    );
    const { unmount } = renderBoard({ today: skipped });
    const topThree = (await screen.findByRole('heading', { name: 'Today’s top three' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(topThree).getByText('Skipped')).toBeVisible();
    expect(screen.queryByText(/That counts toward your streak/)).not.toBeInTheDocument();
    unmount();

    renderBoard({
      today: makeToday(
        [
          { task: done(run), reason: 'Due today' },
          { task: done(call), reason: 'Your top goal' },
        ],
        [],
      ),
    });
    expect(await screen.findByText('Both done. That counts toward your streak.')).toBeVisible();
    expect(screen.queryByText(/All three done/)).not.toBeInTheDocument();
  });

  it('names each upcoming day once: in its heading, not again on its tasks', async () => {
    const today = initialToday();
    const tomorrow = makeTask({ title: 'Plan the week', scheduledDate: '2026-03-03' });
    const later = makeTask({ title: 'Water the plants', scheduledDate: '2026-03-06' });
    renderBoard(
      { today },
      {
        'GET /api/tasks': () => ({
          body: { localDate: today.localDate, tasks: [tomorrow, later] },
        }),
      },
    );
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Upcoming' }));
    const day = (await screen.findByRole('heading', { name: 'Tomorrow' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(day).getByText('Plan the week')).toBeVisible();
    expect(within(day).getAllByText(/Tomorrow/)).toHaveLength(1);
  });

  it('adds a task of one’s own that repeats every few days after completion', async () => {
    const user = userEvent.setup();
    const { api } = renderBoard(
      { today: initialToday() },
      {
        'POST /api/tasks': ({ body }) => ({
          status: 201,
          body: makeTask({ title: (body as { title: string }).title, scheduledDate: null }),
        }),
      },
    );
    await user.type(await screen.findByLabelText('New task'), 'Water the plants');
    await user.click(screen.getByRole('button', { name: 'Date, time and repeat' }));
    await user.selectOptions(screen.getByLabelText('Repeat'), 'after_completion');
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '3');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/tasks')[0]?.body).toEqual({
        title: 'Water the plants',
        recurrence: { kind: 'after_completion', everyDays: 3 },
      }),
    );
    expect(await screen.findByText('Task added')).toBeVisible();
    expect(screen.getByLabelText('New task')).toHaveValue('');
  });
});
