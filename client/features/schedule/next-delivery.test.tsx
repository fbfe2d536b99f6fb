import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Channels } from '#contracts/channels.ts';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import {
  makeChannels,
  makePreviewItem,
  makeSchedule,
  scheduleAnswer,
} from '#client/test/delivery-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
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
      await screen.findByText('Next delivery tomorrow at 07:30 AM by email and push.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delivery times' })).toHaveAttribute(
      'href',
      '/schedule',
    );
  });

  it('says which channel has no time when that is what stops delivery, and leads to /schedule', async () => {
    fakeApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(
          makeSchedule({ saved: true, times: { email: [], sms: [], push: [] } }),
        ),
      }),
      'GET /api/channels': () => ({ body: makeChannels() }),
    });
    renderScreen(<NextDelivery today="2026-11-22" />);
    expect(await screen.findByText('Email has no delivery time.')).toBeInTheDocument();
    expect(
      screen.getByText('Your top three does not reach you by email, SMS or push yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set delivery times' })).toHaveAttribute(
      'href',
      '/schedule',
    );
  });

  it('says all channels are off and leads to the channel settings', async () => {
    fakeApi({
      'GET /api/schedule': () => ({
        body: scheduleAnswer(schedule, [makePreviewItem({ inactive: true })]),
      }),
      'GET /api/channels': () => ({
        body: makeChannels({
          email: {
            enabled: false,
            address: 'ada@example.com',
            confirmed: true,
            unsubscribedAt: null,
          },
        }),
      }),
    });
    renderScreen(<NextDelivery today="2026-11-22" />);
    expect(await screen.findByText(/Email, SMS and push are all off/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn a channel on' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
    expect(screen.queryByRole('link', { name: /delivery times/i })).not.toBeInTheDocument();
  });

  describe('with an unconfirmed address', () => {
    const unconfirmed = (transports: Channels['transports']) =>
      makeChannels({
        email: {
          enabled: true,
          address: 'ada@example.com',
          confirmed: false,
          unsubscribedAt: null,
        },
        transports,
      });

    function renderSignedIn(role?: string) {
      const { auth, fake } = createFakeAuth();
      fake.getSession.mockResolvedValue({
        data: { session: makeSession({ user: makeUser(role ? { role } : {}) }) },
        error: null,
      });
      fake.resend.mockResolvedValue({ data: {}, error: null });
      renderScreen(
        <AuthProvider auth={auth}>
          <AuthGate>
            <NextDelivery today="2026-11-22" />
          </AuthGate>
        </AuthProvider>,
      );
      return fake;
    }

    it('on a server without email, says the confirmation is what blocks, not the times', async () => {
      fakeApi({
        'GET /api/schedule': () => ({
          body: scheduleAnswer(schedule, [makePreviewItem({ inactive: true })]),
        }),
        'GET /api/channels': () => ({
          body: unconfirmed({ email: 'dev-outbox', sms: 'dev-outbox', push: 'web-push' }),
        }),
      });
      renderSignedIn();
      expect(
        await screen.findByText(
          /Your email address \(ada@example\.com\) is not confirmed yet, so daily emails wait\./,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          /This server cannot send email yet, so the confirmation link cannot reach you: ask the person who runs it to set up email, or turn on Push instead\./,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Channel settings' })).toHaveAttribute(
        'href',
        '/settings#notifications',
      );
      expect(screen.queryByRole('link', { name: /delivery times/i })).not.toBeInTheDocument();
      expect(screen.queryByText(/dev outbox/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    });

    it('shows an admin the way to the dev outbox, where the link is', async () => {
      fakeApi({
        'GET /api/schedule': () => ({
          body: scheduleAnswer(schedule, [makePreviewItem({ inactive: true })]),
        }),
        'GET /api/channels': () => ({
          body: unconfirmed({ email: 'dev-outbox', sms: 'dev-outbox', push: 'dev-outbox' }),
        }),
      });
      renderSignedIn('admin');
      expect(await screen.findByRole('link', { name: 'Open the dev outbox' })).toHaveAttribute(
        'href',
        '/admin',
      );
    });

    it('with email set up, sends the confirmation again from the dashboard', async () => {
      const user = userEvent.setup();
      fakeApi({
        'GET /api/schedule': () => ({
          body: scheduleAnswer(schedule, [makePreviewItem({ inactive: true })]),
        }),
        'GET /api/channels': () => ({
          body: unconfirmed({ email: 'smtp', sms: 'dev-outbox', push: 'dev-outbox' }),
        }),
      });
      const fake = renderSignedIn();
      await user.click(
        await screen.findByRole('button', { name: 'Resend the confirmation email' }),
      );
      await waitFor(() => expect(fake.resend).toHaveBeenCalledTimes(1));
      expect(fake.resend.mock.calls[0]?.[0]).toMatchObject({
        type: 'signup',
        email: 'ada@example.com',
      });
    });
  });
});
