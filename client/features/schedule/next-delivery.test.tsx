import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePreviewItem, makeSchedule, scheduleAnswer } from '#client/test/delivery-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { NextDelivery } from './components/next-delivery.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const schedule = makeSchedule({ saved: true });

describe('NextDelivery', () => {
  it('names the first delivery that will go out, with every channel due at that moment', async () => {
    fakeApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(schedule, [
          makePreviewItem({ channel: 'sms', at: '2026-11-23T06:00:00.000Z', inactive: true }),
          makePreviewItem({
            channel: 'email',
            localDate: '2026-11-23',
            localTime: '07:30',
            at: '2026-11-23T06:30:00.000Z',
          }),
          makePreviewItem({
            channel: 'push',
            localDate: '2026-11-23',
            localTime: '07:30',
            at: '2026-11-23T06:30:00.000Z',
          }),
          makePreviewItem({
            channel: 'email',
            localDate: '2026-11-24',
            at: '2026-11-24T06:30:00.000Z',
          }),
        ]),
      }),
    });
    renderScreen(<NextDelivery today="2026-11-22" />);
    expect(
      await screen.findByText('Next delivery tomorrow at 07:30 by email and push.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delivery times' })).toHaveAttribute(
      'href',
      '/schedule',
    );
  });

  it('says when nothing will be delivered and leads to /schedule', async () => {
    fakeApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(schedule, [makePreviewItem({ inactive: true })]),
      }),
    });
    renderScreen(<NextDelivery today="2026-11-22" />);
    expect(
      await screen.findByText('Your top three is not delivered by email, SMS or push yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set delivery times' })).toHaveAttribute(
      'href',
      '/schedule',
    );
  });
});
