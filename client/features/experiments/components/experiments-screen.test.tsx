import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  experimentDetailSchema,
  experimentListSchema,
  type Experiment,
} from '#contracts/experiments.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { ExperimentsScreen } from './experiments-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2025-03-11';
const ID = '00000000-0000-4000-8000-000000000001';
const running: Experiment = {
  id: ID,
  title: 'No screens after 21:00',
  hypothesis: 'I sleep better.',
  change: 'Phone in the kitchen.',
  metric: { kind: 'rating' },
  startDate: '2025-03-08',
  endDate: '2025-03-21',
  closedOn: null,
  status: 'running',
  goal: null,
  baseline: null,
  origin: 'person',
  days: 14,
  checkinWindow: { from: '2025-03-08', to: TODAY },
  checkinCount: 2,
  todayValue: null,
  createdAt: '2025-03-08T10:00:00.000Z',
  updatedAt: '2025-03-08T10:00:00.000Z',
};
const list = (experiments: Experiment[]) => ({
  body: experimentListSchema.parse({ localDate: TODAY, experiments }),
});

describe('/experiments', () => {
  it('explains experiments when there are none, and checks the form before sending it', async () => {
    const api = fakeApi({
      'GET /api/experiments': () => list([]),
      'GET /api/goals': () => ({ body: { goals: [] } }),
    });
    renderScreen(<ExperimentsScreen userId="u1" />, {
      path: '/experiments',
      route: '/experiments',
    });
    expect(await screen.findByText('No experiments yet')).toBeInTheDocument();
    expect(screen.getByText(/one change you try for 7 to 28 days/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New experiment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New experiment' });
    expect(within(dialog).getByLabelText('Start')).toHaveValue(TODAY);
    expect(within(dialog).getByLabelText('End')).toHaveAttribute('max', '2025-04-07');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create experiment' }));
    expect(within(dialog).getAllByText('Must not be empty.')).toHaveLength(3);
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(api.callsTo('POST /api/experiments')).toHaveLength(0);
  });

  it('lists running experiments first and takes today’s check-in from the list', async () => {
    const api = fakeApi({
      'GET /api/experiments': () =>
        list([
          {
            ...running,
            id: '00000000-0000-4000-8000-000000000002',
            title: 'Old',
            status: 'done',
            checkinWindow: { from: '2025-02-01', to: '2025-02-07' },
          },
          running,
        ]),
      [`PUT /api/experiments/${ID}/checkins/${TODAY}`]: () => ({
        body: experimentDetailSchema.parse({
          localDate: TODAY,
          experiment: { ...running, todayValue: 4, checkinCount: 3 },
          checkins: [],
          result: {
            before: { source: 'first_days', from: null, to: null, checkins: 0, average: null },
            after: { from: null, to: null, checkins: 0, average: null },
            change: null,
            verdict: 'not_enough',
            conclusion: 'Not enough check-ins yet.',
          },
        }),
      }),
    });
    renderScreen(<ExperimentsScreen userId="u1" />, {
      path: '/experiments',
      route: '/experiments',
    });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Running (1)', 'Done (1)']);
    const section = screen.getByRole('region', { name: 'Running (1)' });
    expect(within(section).getByText('Day 4 of 14')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: '4 of 5' }));
    expect(await within(section).findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/experiments/${ID}/checkins/${TODAY}`)[0]?.body).toEqual({
      value: 4,
    });
    // The done one takes no check-in from the list.
    const done = screen.getByRole('region', { name: 'Done (1)' });
    expect(within(done).queryByRole('button', { name: '4 of 5' })).toBeNull();
  });
});
