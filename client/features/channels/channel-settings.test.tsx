import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelsSchema, type Channels } from '#contracts/channels.ts';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
import { ChannelSettings } from './channel-settings.tsx';
import { base64UrlToBytes } from './push.ts';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const VAPID =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const DEVICE_ID = '7d1c4b2a-0000-4000-8000-000000000001';

function channels(
  overrides: {
    email?: Partial<Channels['email']>;
    sms?: Partial<Channels['sms']>;
    push?: Partial<Channels['push']>;
    transports?: Partial<Channels['transports']>;
  } = {},
): Channels {
  return channelsSchema.parse({
    email: {
      enabled: true,
      address: 'ada@example.com',
      confirmed: true,
      unsubscribedAt: null,
      ...overrides.email,
    },
    sms: {
      enabled: false,
      phone: null,
      pendingPhone: null,
      unsubscribedAt: null,
      ...overrides.sms,
    },
    push: { enabled: false, vapidPublicKey: VAPID, subscriptions: [], ...overrides.push },
    transports: { email: 'smtp', sms: 'http', push: 'web-push', ...overrides.transports },
  });
}

function renderChannels(options: { compact?: boolean; role?: string; anonymous?: boolean } = {}) {
  const { auth, fake } = createFakeAuth();
  const user = options.anonymous
    ? makeUser({ email: '', is_anonymous: true, app_metadata: {} })
    : makeUser(options.role ? { role: options.role } : {});
  fake.getSession.mockResolvedValue({ data: { session: makeSession({ user }) }, error: null });
  const view = renderScreen(
    <AuthProvider auth={auth}>
      <AuthGate>
        <ChannelSettings compact={options.compact} />
      </AuthGate>
    </AuthProvider>,
  );
  return { ...view, fake };
}

const card = async (name: string) =>
  screen.findByRole('region', { name }).then((element) => within(element));

describe('ChannelSettings: trying without an account', () => {
  it('offers push only, and links to Save your account for email and texts', async () => {
    fakeApi({
      'GET /api/channels': () => ({
        body: channels({ email: { enabled: false, address: '', confirmed: false } }),
      }),
    });
    renderChannels({ anonymous: true });

    expect(await screen.findByRole('region', { name: 'Push' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SMS' })).not.toBeInTheDocument();
    const later = await card('Email and text messages');
    expect(
      later.getByText(/^Email and text messages arrive once you save your account\./),
    ).toBeVisible();
    expect(later.getByRole('link', { name: 'Save your account' })).toHaveAttribute(
      'href',
      '/settings#save-account',
    );
  });
});

describe('ChannelSettings: email', () => {
  it('shows the address, that it is confirmed, and turns daily email off', async () => {
    const api = fakeApi({
      'GET /api/channels': () => ({ body: channels() }),
      'PUT /api/channels/email': () => ({ body: channels({ email: { enabled: false } }) }),
    });
    renderChannels();
    const email = await card('Email');
    expect(email.getByText('ada@example.com')).toBeInTheDocument();
    expect(email.getByText('Confirmed')).toBeInTheDocument();
    const toggle = email.getByRole('switch', { name: 'Daily email' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(api.callsTo('PUT /api/channels/email')).toHaveLength(1));
    expect(api.callsTo('PUT /api/channels/email')[0]?.body).toEqual({ enabled: false });
    expect(screen.queryByText(/dev outbox/)).not.toBeInTheDocument();
  });

  it('asks to confirm an unconfirmed address and sends the confirmation again', async () => {
    fakeApi({ 'GET /api/channels': () => ({ body: channels({ email: { confirmed: false } }) }) });
    const { fake } = renderChannels();
    fake.resend.mockResolvedValue({ data: {}, error: null });
    const email = await card('Email');
    expect(
      email.getByText('Not confirmed — confirm it to receive daily emails'),
    ).toBeInTheDocument();
    await userEvent.click(email.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() =>
      expect(fake.resend).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'signup', email: 'ada@example.com' }),
      ),
    );
    expect(await screen.findByText('Confirmation email sent')).toBeInTheDocument();
  });

  it('says when the address was unsubscribed, and puts the switch back when the server refuses', async () => {
    fakeApi({
      'GET /api/channels': () => ({
        body: channels({ email: { enabled: false, unsubscribedAt: '2025-03-04T10:00:00Z' } }),
      }),
      'PUT /api/channels/email': () => ({
        status: 409,
        body: {
          error: { code: 'conflict', message: 'Confirm your email address first.', requestId: 'r' },
        },
      }),
    });
    renderChannels();
    const email = await card('Email');
    expect(email.getByText(/Unsubscribed on/)).toHaveTextContent(
      'Turn daily email on to receive it again.',
    );
    const toggle = email.getByRole('switch', { name: 'Daily email' });
    await userEvent.click(toggle);
    expect(
      await screen.findByText('Could not turn email on: Confirm your email address first.'),
    ).toHaveAttribute('role', 'alert');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('tells a person which channels this server cannot send yet, without the dev outbox', async () => {
    fakeApi({
      'GET /api/channels': () => ({
        body: channels({
          email: { confirmed: false },
          transports: { email: 'dev-outbox', sms: 'dev-outbox', push: 'web-push' },
        }),
      }),
    });
    renderChannels();
    await card('Email');
    // A new confirmation link could not reach the person either.
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'This server cannot send emails yet: ask the person who runs it to set them up.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'This server cannot send text messages yet: ask the person who runs it to set them up.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/push notifications yet/)).not.toBeInTheDocument();
    expect(screen.queryByText(/outbox/)).not.toBeInTheDocument();
  });

  it('shows an admin where those messages went: the dev outbox', async () => {
    fakeApi({
      'GET /api/channels': () => ({
        body: channels({
          transports: { email: 'dev-outbox', sms: 'http', push: 'web-push' },
        }),
      }),
    });
    renderChannels({ role: 'admin' });
    await card('Email');
    expect(screen.getByRole('link', { name: 'dev outbox' })).toHaveAttribute('href', '/admin');
    expect(screen.getAllByRole('link', { name: 'dev outbox' })).toHaveLength(1);
  });

  it('shows what failed to load, with a way to try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/channels': () =>
        fail
          ? {
              status: 503,
              body: { error: { code: 'unavailable', message: 'Down.', requestId: 'r' } },
            }
          : { body: channels() },
    });
    renderChannels();
    expect(await screen.findByText('Your channels could not load')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Email')).toBeTruthy();
  });
});

describe('ChannelSettings: SMS', () => {
  it('texts a code to the number, then confirms it', async () => {
    const api = fakeApi({
      'GET /api/channels': () => ({ body: channels() }),
      'POST /api/channels/sms/verification': () => ({
        status: 202,
        body: channels({ sms: { pendingPhone: '•••• •••• 0123' } }),
      }),
      'POST /api/channels/sms/verification/confirm': () => ({
        body: channels({ sms: { enabled: true, phone: '•••• •••• 0123' } }),
      }),
    });
    renderChannels();
    const sms = await card('SMS');
    expect(sms.getByRole('switch', { name: 'Daily text message' })).toBeDisabled();

    await userEvent.type(sms.getByLabelText('Phone number'), '+44 7700 900123');
    await userEvent.click(sms.getByRole('button', { name: 'Send code' }));
    const code = await sms.findByLabelText('Code');
    expect(api.callsTo('POST /api/channels/sms/verification')[0]?.body).toEqual({
      phone: '+447700900123',
    });
    expect(sms.getByText('+447700900123')).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(sms.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

    await userEvent.type(code, '12 34-56');
    expect(code).toHaveValue('123456');
    await userEvent.click(sms.getByRole('button', { name: 'Confirm' }));
    expect(await sms.findByText('Verified: •••• •••• 0123')).toBeInTheDocument();
    expect(api.callsTo('POST /api/channels/sms/verification/confirm')[0]?.body).toEqual({
      code: '123456',
    });
    expect(sms.getByRole('switch', { name: 'Daily text message' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(sms.getByRole('button', { name: 'Change number' })).toBeInTheDocument();
    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
  });

  it('refuses a number without its country code before calling the server', async () => {
    const api = fakeApi({ 'GET /api/channels': () => ({ body: channels() }) });
    renderChannels();
    const sms = await card('SMS');
    await userEvent.type(sms.getByLabelText('Phone number'), '07700 900123');
    await userEvent.click(sms.getByRole('button', { name: 'Send code' }));
    expect(await sms.findByRole('alert')).toHaveTextContent(
      'Phone number must be a phone number with its country code, such as +14155550123.',
    );
    expect(sms.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/channels/sms/verification')).toHaveLength(0);
  });

  it('shows the server’s refusals inline: too many codes, a wrong code', async () => {
    let limited = true;
    fakeApi({
      'GET /api/channels': () => ({ body: channels() }),
      'POST /api/channels/sms/verification': () =>
        limited
          ? {
              status: 429,
              body: {
                error: {
                  code: 'rate_limited',
                  message: 'Too many codes sent. Try again in 10 minutes.',
                  requestId: 'r',
                },
              },
            }
          : { status: 202, body: channels({ sms: { pendingPhone: '•••• 0123' } }) },
      'POST /api/channels/sms/verification/confirm': () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'That code is not right. 4 tries left.',
            requestId: 'r',
          },
        },
      }),
    });
    renderChannels();
    const sms = await card('SMS');
    await userEvent.type(sms.getByLabelText('Phone number'), '+14155550123');
    await userEvent.click(sms.getByRole('button', { name: 'Send code' }));
    expect(await sms.findByRole('alert')).toHaveTextContent(
      'Too many codes sent. Try again in 10 minutes.',
    );

    limited = false;
    await userEvent.click(sms.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await sms.findByLabelText('Code'), '000000');
    await userEvent.click(sms.getByRole('button', { name: 'Confirm' }));
    expect(await sms.findByRole('alert')).toHaveTextContent(
      'That code is not right. 4 tries left.',
    );
    expect(sms.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('resumes a code sent earlier, and can start again with another number', async () => {
    fakeApi({
      'GET /api/channels': () => ({
        body: channels({ sms: { phone: '•••• 9999', enabled: true, pendingPhone: '•••• 0123' } }),
      }),
    });
    renderChannels();
    const sms = await card('SMS');
    expect(sms.getByText(/We sent a 6-digit code to/)).toHaveTextContent('•••• 0123');
    await userEvent.click(sms.getByRole('button', { name: 'Use another number' }));
    expect(sms.getByLabelText('Phone number')).toHaveValue('');
    await userEvent.click(sms.getByRole('button', { name: 'Keep •••• 9999' }));
    expect(sms.getByText('Verified: •••• 9999')).toBeInTheDocument();
  });
});

/** Browser push APIs as a test controls them. */
function stubPush(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://push.example.com/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPubKey_-', auth: 'AuthKey' },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => subscription),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission,
    }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => undefined),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { requestPermission, serviceWorker, pushManager };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('ChannelSettings: push', () => {
  it('says so when the browser cannot receive push', async () => {
    fakeApi({ 'GET /api/channels': () => ({ body: channels() }) });
    renderChannels();
    const push = await card('Push');
    expect(push.getByText(/This browser can’t receive push notifications/)).toBeInTheDocument();
    expect(push.queryByRole('button', { name: 'Enable on this device' })).not.toBeInTheDocument();
    expect(push.getByRole('switch', { name: 'Daily push notification' })).toBeDisabled();
  });

  it('explains how to allow notifications when the browser’s permission is refused', async () => {
    const browser = stubPush('denied');
    const api = fakeApi({ 'GET /api/channels': () => ({ body: channels() }) });
    renderChannels();
    const push = await card('Push');
    await userEvent.click(push.getByRole('button', { name: 'Enable on this device' }));
    expect(await push.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/channels/push/subscriptions')).toHaveLength(0);
  });

  it('asks again when the prompt was dismissed without a choice', async () => {
    stubPush('default');
    const api = fakeApi({ 'GET /api/channels': () => ({ body: channels() }) });
    renderChannels();
    const push = await card('Push');
    await userEvent.click(push.getByRole('button', { name: 'Enable on this device' }));
    expect(
      await push.findByText(
        'Notifications were not allowed. Press the button again and choose Allow.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(push.getByRole('button', { name: 'Enable on this device' })).toBeEnabled();
    expect(api.callsTo('POST /api/channels/push/subscriptions')).toHaveLength(0);
  });

  it('subscribes this device with the server’s key, lists it, and removes it', async () => {
    const browser = stubPush('granted');
    const subscribed = channels({
      push: {
        enabled: true,
        subscriptions: [
          {
            id: DEVICE_ID,
            device: 'Chrome on Android',
            createdAt: '2025-03-01T08:00:00Z',
            lastSuccessAt: null,
          },
        ],
      },
    });
    const api = fakeApi({
      'GET /api/channels': () => ({ body: channels() }),
      'POST /api/channels/push/subscriptions': () => ({ status: 201, body: subscribed }),
      [`DELETE /api/channels/push/subscriptions/${DEVICE_ID}`]: () => ({ body: channels() }),
    });
    renderChannels();
    const push = await card('Push');
    await userEvent.click(push.getByRole('button', { name: 'Enable on this device' }));

    expect(await push.findByText('Chrome on Android')).toBeInTheDocument();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toEqual(base64UrlToBytes(VAPID));
    expect(api.callsTo('POST /api/channels/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPubKey_-', auth: 'AuthKey' },
    });
    expect(push.getByText('This device receives your top three as a notification.')).toBeVisible();
    expect(push.getByRole('switch', { name: 'Daily push notification' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await userEvent.click(push.getByRole('button', { name: /^Remove Chrome on Android/ }));
    await waitFor(() => expect(push.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/channels/push/subscriptions/${DEVICE_ID}`)).toHaveLength(1);
    expect(push.getByRole('button', { name: 'Enable on this device' })).toBeInTheDocument();
  });
});

describe('ChannelSettings compact', () => {
  it('keeps the controls and drops the link to the schedule', async () => {
    fakeApi({ 'GET /api/channels': () => ({ body: channels() }) });
    renderChannels({ compact: true });
    await card('Email');
    expect(screen.queryByRole('link', { name: 'your schedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Daily email' })).toBeInTheDocument();
  });
});

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding', () => {
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(base64UrlToBytes(VAPID)).toHaveLength(65);
  });
});
