import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deliveryPage,
  makeChannels,
  makeDelivery,
  makePreviewItem,
  makeSchedule,
  scheduleAnswer,
} from '#client/test/delivery-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { createFakeAuth, makeSession } from '#client/test/fake-auth.tsx';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { RECORD_POLL_MS } from './api.ts';
import { ScheduleScreen } from './components/schedule-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

afterEach(() => {
  vi.useRealTimers();
});

function renderSchedule() {
  return renderScreen(<ScheduleScreen />, { route: '/schedule', path: '/schedule' });
}

const schedule = makeSchedule({
  timeZone: 'Europe/Paris',
  dayStartHour: 4,
  times: { email: ['07:30'], sms: ['12:30'], push: [] },
  days: [1, 2, 3, 4, 5, 6, 7],
  quietHours: { start: '22:00', end: '07:00' },
});

function baseApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/schedule': () => ({ body: scheduleAnswer(schedule) }),
    'GET /api/channels': () => ({ body: makeChannels() }),
    'GET /api/deliveries': () => ({ body: deliveryPage([]) }),
    ...extra,
  });
}

describe('ScheduleScreen', { timeout: 20_000 }, () => {
  it('says an unconfirmed address is what holds email back, and how to confirm it', async () => {
    const user = userEvent.setup();
    baseApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(schedule, [makePreviewItem({ channel: 'email', inactive: true })]),
      }),
      'GET /api/channels': () => ({
        body: makeChannels({
          email: {
            enabled: true,
            address: 'ada@example.com',
            confirmed: false,
            unsubscribedAt: null,
          },
          transports: { email: 'smtp', sms: 'dev-outbox', push: 'dev-outbox' },
        }),
      }),
    });
    const { auth, fake } = createFakeAuth();
    fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
    fake.resend.mockResolvedValue({ data: {}, error: null });
    renderScreen(
      <AuthProvider auth={auth}>
        <AuthGate>
          <ScheduleScreen />
        </AuthGate>
      </AuthProvider>,
      { route: '/schedule', path: '/schedule' },
    );

    const preview = await screen.findByRole('region', { name: 'Next deliveries' });
    expect(
      await within(preview).findByText(/is not confirmed yet, so daily emails wait\./),
    ).toBeVisible();
    await user.click(
      within(preview).getByRole('button', { name: 'Resend the confirmation email' }),
    );
    await waitFor(() => expect(fake.resend).toHaveBeenCalledTimes(1));
  });

  it('previews the coming deliveries by local day, marking a DST change, quiet hours and an inactive channel', async () => {
    baseApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(schedule, [
          makePreviewItem({ localDate: '2026-03-28', slot: '07:30', localTime: '07:30' }),
          makePreviewItem({
            localDate: '2026-03-29',
            slot: '02:30',
            localTime: '03:30',
            at: '2026-03-29T01:30:00.000Z',
            offsetChanged: true,
            notes: ['dst_gap'],
          }),
          makePreviewItem({
            channel: 'sms',
            localDate: '2026-03-29',
            slot: '12:30',
            localTime: '12:30',
            at: '2026-03-29T10:30:00.000Z',
            inactive: true,
          }),
          makePreviewItem({
            localDate: '2026-03-30',
            slot: '06:00',
            localTime: '07:00',
            at: '2026-03-30T05:00:00.000Z',
            notes: ['quiet_hours'],
          }),
        ]),
      }),
    });
    renderSchedule();

    const preview = await screen.findByRole('region', { name: 'Next deliveries' });
    const days = within(preview).getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(3);

    const badge = within(preview).getByText('Clocks change');
    expect(badge).toHaveAttribute('title', expect.stringContaining('02:30 AM does not exist'));
    expect(
      within(preview).getByText(
        'Clocks go forward that night: 02:30 AM does not exist, so it goes at 03:30 AM.',
      ),
    ).toBeVisible();
    expect(within(preview).getAllByText('Clocks change')).toHaveLength(1);

    // The channel that cannot deliver says why once, and its delivery is marked.
    expect(within(preview).getByText(/Not sent by SMS — off\./)).toBeVisible();
    expect(within(preview).getByRole('link', { name: 'SMS settings' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
    expect(within(preview).getAllByText('Not sent')).toHaveLength(1);
    expect(
      within(preview).getByText(
        'Held by your quiet hours: set for 06:00 AM, it goes when they end.',
      ),
    ).toBeVisible();
  });

  it('shows the next seven first, and the rest of the week on request', async () => {
    const user = userEvent.setup();
    const week = Array.from({ length: 7 }, (_, index) =>
      makePreviewItem({
        localDate: `2026-10-${String(19 + index).padStart(2, '0')}`,
        at: `2026-10-${String(19 + index).padStart(2, '0')}T05:30:00.000Z`,
      }),
    );
    const fallBack = makePreviewItem({
      localDate: '2026-10-25',
      slot: '02:30',
      localTime: '02:30',
      at: '2026-10-25T00:30:00.000Z',
      offsetChanged: true,
      notes: ['dst_repeat'],
    });
    baseApi({
      'GET /api/schedule': () => ({ body: scheduleAnswer(schedule, [...week, fallBack]) }),
    });
    renderSchedule();

    const preview = await screen.findByRole('region', { name: 'Next deliveries' });
    expect(within(preview).getAllByText('Email')).toHaveLength(7);
    expect(within(preview).queryByText('Clocks change')).not.toBeInTheDocument();
    const more = within(preview).getByRole('button', {
      name: 'Show the whole week (1 more, with a clock change)',
    });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(preview).getAllByText('Email')).toHaveLength(8);
    expect(within(preview).getByText('Clocks change')).toBeVisible();
    expect(
      within(preview).getByText(
        'Clocks go back that night: 02:30 AM happens twice, and it goes only once.',
      ),
    ).toBeVisible();
  });

  it('saves the day contract and shows a refusal from the server beside the field it concerns', async () => {
    const user = userEvent.setup();
    let puts = 0;
    const api = baseApi({
      'PUT /api/schedule': ({ body }) => {
        puts += 1;
        if (puts === 1) {
          return {
            status: 400,
            body: {
              error: {
                code: 'invalid_input',
                message: 'body.quietHours: quiet hours may last at most 16 hours',
                details: [
                  { path: 'body.quietHours', message: 'quiet hours may last at most 16 hours' },
                ],
                requestId: 'r1',
              },
            },
          };
        }
        return { body: scheduleAnswer({ ...schedule, ...(body as object), saved: true }) };
      },
    });
    renderSchedule();

    // A channel that is off says so and points to where it is turned on.
    const smsLink = await screen.findByRole('link', { name: 'turn on SMS in Settings' });
    expect(smsLink).toHaveAttribute('href', '/settings#notifications');

    await user.selectOptions(screen.getByLabelText('Your day starts at'), '5');
    await user.click(screen.getByRole('button', { name: 'Sunday' }));
    expect(screen.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Add a time for Email' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    const message = await screen.findByText('Quiet hours may last at most 16 hours');
    const from = screen.getByLabelText('From');
    expect(from).toHaveAccessibleDescription('Quiet hours may last at most 16 hours');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveFocus();
    expect(message).toBeVisible();
    expect(api.callsTo('PUT /api/schedule')[0]?.body).toEqual({
      timeZone: 'Europe/Paris',
      dayStartHour: 5,
      times: { email: ['07:30', '12:30'], sms: ['12:30'], push: [] },
      days: [1, 2, 3, 4, 5, 6],
      quietHours: { start: '22:00', end: '07:00' },
      travel: null,
      paused: false,
    });

    await user.clear(from);
    await user.type(from, '23:00');
    expect(screen.queryByText('Quiet hours may last at most 16 hours')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Schedule saved')).toBeVisible();
    expect(api.callsTo('PUT /api/schedule')[1]?.body).toMatchObject({
      quietHours: { start: '23:00', end: '07:00' },
    });
  });

  it('checks the contract before sending: no day of the week, a trip that ends before it starts', async () => {
    const user = userEvent.setup();
    const api = baseApi();
    renderSchedule();
    await screen.findByRole('button', { name: 'Save schedule' });

    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await user.click(screen.getByRole('button', { name: day }));
    }
    await user.click(screen.getByLabelText('I am travelling'));
    const until = screen.getByLabelText('Until (optional)');
    await user.type(until, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Must keep at least one day of the week')).toBeVisible();
    expect(screen.getByText('The trip must end on or after the day it starts')).toBeVisible();
    expect(until).toHaveAccessibleDescription('The trip must end on or after the day it starts');
    expect(screen.getByRole('button', { name: 'Monday' })).toHaveFocus();
    expect(api.callsTo('PUT /api/schedule')).toHaveLength(0);
  });

  it('pages through the record and opens a delivery’s attempts', async () => {
    const user = userEvent.setup();
    const failed = makeDelivery({
      channel: 'sms',
      status: 'failed',
      to: '•••• 0123',
      tasks: ['Stretch for 10 minutes'],
      error: 'The number cannot receive messages.',
      attempts: [
        {
          attempt: 1,
          status: 'failed',
          error: 'The provider did not answer.',
          permanent: false,
          at: '2026-03-02T06:30:02.000Z',
        },
        {
          attempt: 2,
          status: 'failed',
          error: 'The number cannot receive messages.',
          permanent: true,
          at: '2026-03-02T06:31:02.000Z',
        },
      ],
    });
    const older = makeDelivery({ localDate: '2026-02-27', tasks: ['Write the intro'] });
    const api = baseApi({
      'GET /api/deliveries': ({ url }) => ({
        body: url.includes('cursor=page-2')
          ? deliveryPage([older])
          : deliveryPage([failed, makeDelivery()], 'page-2'),
      }),
    });
    renderSchedule();

    const record = await screen.findByRole('region', { name: 'Record' });
    expect(await within(record).findByText('Stretch for 10 minutes')).toBeVisible();
    expect(within(record).getByText('Failed')).toBeVisible();
    expect(within(record).getAllByText('Delivered')).toHaveLength(1);

    const attempts = within(record).getByText('2 attempts');
    expect(within(record).getByText('(will not be retried)', { exact: false })).not.toBeVisible();
    await user.click(attempts);
    expect(within(record).getByText('The provider did not answer.')).toBeVisible();
    expect(
      within(record).getByText('The number cannot receive messages. (will not be retried)'),
    ).toBeVisible();

    await user.click(within(record).getByRole('button', { name: 'Load more' }));
    expect(await within(record).findByText('Write the intro')).toBeVisible();
    expect(api.callsTo('GET /api/deliveries').map((call) => call.url)).toEqual([
      '/api/deliveries?limit=20',
      '/api/deliveries?limit=20&cursor=page-2',
    ]);
    expect(within(record).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends today’s top three on request, shows a refusal, and reads the record again', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const sent = makeDelivery({ slot: 'now', status: 'sent', tasks: ['Run 2 km'] });
    const api = baseApi({
      'POST /api/deliveries/send-now': () => {
        posts += 1;
        if (posts === 1) {
          return {
            status: 429,
            body: {
              error: {
                code: 'rate_limited',
                message: 'You asked three times today already. Try again tomorrow.',
                requestId: 'r2',
              },
            },
          };
        }
        return { body: { deliveries: [sent] } };
      },
      'GET /api/deliveries': () => ({ body: deliveryPage(posts > 1 ? [sent] : []) }),
    });
    renderSchedule();

    const button = await screen.findByRole('button', { name: 'Send today’s top three now' });
    await user.click(button);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('You asked three times today already. Try again tomorrow.');
    expect(button).toHaveAccessibleDescription(
      'You asked three times today already. Try again tomorrow.',
    );

    await user.click(button);
    expect(await screen.findByText('Today’s top three is on its way')).toBeVisible();
    expect(screen.getByText('By Email.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const record = screen.getByRole('region', { name: 'Record' });
    expect(await within(record).findByText('Run 2 km')).toBeVisible();
    expect(within(record).getByText(/sent on request/)).toBeVisible();
    expect(api.callsTo('GET /api/deliveries').length).toBeGreaterThanOrEqual(2);
  });

  it('reads the record again while a delivery is on its way, and stops once it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const queued = makeDelivery({ status: 'queued', sentAt: null, attempts: [] });
    const api = baseApi({
      'GET /api/deliveries': () => {
        reads += 1;
        return {
          body: deliveryPage([{ ...queued, status: reads === 1 ? 'queued' : 'delivered' }]),
        };
      },
    });
    renderSchedule();
    const record = await screen.findByRole('region', { name: 'Record' });
    expect(await within(record).findByText('Queued')).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(RECORD_POLL_MS));
    expect(await within(record).findByText('Delivered')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(RECORD_POLL_MS * 3));
    await waitFor(() => expect(api.callsTo('GET /api/deliveries')).toHaveLength(2));
  });
});
