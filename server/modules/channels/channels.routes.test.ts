import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelsSchema,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
} from '#contracts/channels.ts';
import { sendNowResultSchema } from '#contracts/deliveries.ts';
import { deliveryChannelSettings, devOutbox, pushSubscriptions } from '#server/db/schema.ts';
import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import type { TestUser } from '#server/test/users.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe('channels API', () => {
  let t: DeliveryTestApp;
  /** Today at a UTC clock time, where the tests' schedules are. */
  const at = (time: string) => `${t.clock.now().toISOString().slice(0, 10)}T${time}:00.000Z`;
  let phoneCounter = 0;
  /** A number no other test texted (the per-number limit is shared by the whole file). */
  const nextPhone = () => `+1415555${String(1000 + (phoneCounter += 1)).padStart(4, '0')}`;

  const channels = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/channels');
    expect(response.statusCode, response.body).toBe(200);
    return channelsSchema.parse(response.json());
  };
  const toggle = (user: TestUser, channel: string, enabled: boolean) =>
    t.call(user, 'PUT', `/api/channels/${channel}`, { enabled });
  const askCode = (user: TestUser, phone: string) =>
    t.call(user, 'POST', '/api/channels/sms/verification', { phone });
  const confirm = (user: TestUser, code: string) =>
    t.call(user, 'POST', '/api/channels/sms/verification/confirm', { code });
  const texts = (to: string) =>
    t.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.to, to), eq(devOutbox.channel, 'sms')))
      .orderBy(desc(devOutbox.createdAt));
  const lastCode = async (to: string) => {
    const [text] = await texts(to);
    const code = /\b(\d{6})\b/.exec(text?.text ?? '')?.[1];
    if (!code) throw new Error(`no code texted to ${to}`);
    return code;
  };
  const smsRow = async (user: TestUser) => {
    const [row] = await t.db
      .select()
      .from(deliveryChannelSettings)
      .where(
        and(
          eq(deliveryChannelSettings.userId, user.id),
          eq(deliveryChannelSettings.channel, 'sms'),
        ),
      );
    return row;
  };
  const subscribe = (user: TestUser, endpoint: string, userAgent = CHROME_ANDROID) =>
    t.call(user, 'POST', '/api/channels/push/subscriptions', subscription(endpoint), {
      'user-agent': userAgent,
    });

  beforeAll(async () => {
    t = await startDeliveryApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET: email on at the account address (unconfirmed until confirmed), SMS and push off', async () => {
    const user = await t.user();
    expect(await channels(user)).toEqual({
      email: { enabled: true, address: user.email, confirmed: false, unsubscribedAt: null },
      sms: { enabled: false, phone: null, pendingPhone: null, unsubscribedAt: null },
      push: {
        enabled: false,
        vapidPublicKey: t.app.delivery.senders.vapidPublicKey,
        subscriptions: [],
      },
      transports: { email: 'dev-outbox', sms: 'dev-outbox', push: 'dev-outbox' },
    });
    await t.confirmEmail(user);
    expect((await channels(user)).email.confirmed).toBe(true);
  });

  it('PUT /api/channels/email turns email off and on again; on clears an unsubscribe', async () => {
    const user = await t.user();
    await t.saveSchedule(user, { email: ['20:00'] });
    expect(await t.nextDeliveryAt(user)).toBe(at('20:00'));
    const off = await toggle(user, 'email', false);
    expect(off.statusCode, off.body).toBe(200);
    expect(channelsSchema.parse(off.json()).email.enabled).toBe(false);
    expect(await t.nextDeliveryAt(user)).toBeNull();

    await t.db
      .update(deliveryChannelSettings)
      .set({ unsubscribedAt: t.clock.now() })
      .where(eq(deliveryChannelSettings.userId, user.id));
    expect((await channels(user)).email.unsubscribedAt).toBe(t.clock.now().toISOString());

    const on = channelsSchema.parse((await toggle(user, 'email', true)).json());
    expect(on.email).toMatchObject({ enabled: true, unsubscribedAt: null });
    expect(await t.nextDeliveryAt(user)).toBe(at('20:00'));
  });

  it('an unconfirmed address may be turned on: the answer says it is not confirmed', async () => {
    const user = await t.user();
    await toggle(user, 'email', false);
    const on = channelsSchema.parse((await toggle(user, 'email', true)).json());
    expect(on.email).toMatchObject({ enabled: true, confirmed: false });
  });

  it('409 turning SMS on without a verified number, and push on without a browser; nothing changes', async () => {
    const user = await t.user();
    const sms = expectError(await toggle(user, 'sms', true), 409, 'conflict');
    expect(sms.message).toBe('Verify a phone number first.');
    const push = expectError(await toggle(user, 'push', true), 409, 'conflict');
    expect(push.message).toBe('Allow notifications in this browser first.');
    const after = await channels(user);
    expect(after.sms.enabled).toBe(false);
    expect(after.push.enabled).toBe(false);
  });

  it('400 for a channel that does not exist and for a body without enabled', async () => {
    const user = await t.user();
    const channel = expectError(await toggle(user, 'fax', true), 400, 'invalid_input');
    expect(channel.message).toMatch(/^params\.channel: must be one of email, sms, push/);
    const body = expectError(
      await t.call(user, 'PUT', '/api/channels/email', { enabled: 'yes' }),
      400,
      'invalid_input',
    );
    expect(body.message).toMatch(/^body\.enabled:/);
  });

  describe('SMS verification', () => {
    it('texts a 6-digit code, keeps only its hash, and a right code verifies the number and turns SMS on', async () => {
      const user = await t.user();
      await t.saveSchedule(user, { sms: ['21:00'] });
      const phone = nextPhone();
      const asked = await askCode(
        user,
        `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      );
      expect(asked.statusCode, asked.body).toBe(202);
      const pending = channelsSchema.parse(asked.json());
      expect(pending.sms).toEqual({
        enabled: false,
        phone: null,
        pendingPhone: `••• ${phone.slice(-4)}`,
        unsubscribedAt: null,
      });
      const code = await lastCode(phone);
      const [text] = await texts(phone);
      expect(text?.text).toBe(
        `Your Trellis verification code is ${code}. It expires in ${SMS_CODE_TTL_SECONDS / 60} minutes.`,
      );
      const row = await smsRow(user);
      expect(row?.pendingPhone).toBe(phone);
      expect(row?.codeHash).toBeTruthy();
      expect(row?.codeHash).not.toContain(code);
      expect(row?.codeExpiresAt?.getTime()).toBe(
        t.clock.now().getTime() + SMS_CODE_TTL_SECONDS * 1000,
      );

      const confirmed = await confirm(user, code);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(channelsSchema.parse(confirmed.json()).sms).toEqual({
        enabled: true,
        phone: `••• ${phone.slice(-4)}`,
        pendingPhone: null,
        unsubscribedAt: null,
      });
      expect(await smsRow(user)).toMatchObject({
        phone,
        pendingPhone: null,
        codeHash: null,
        codeAttempts: 0,
      });
      expect(await t.nextDeliveryAt(user)).toBe(at('21:00'));
    });

    it('an unverified number never receives deliveries', async () => {
      const user = await t.user();
      await t.confirmEmail(user);
      const phone = nextPhone();
      expect((await askCode(user, phone)).statusCode).toBe(202);
      expectError(await toggle(user, 'sms', true), 409, 'conflict');
      const sent = await t.call(user, 'POST', '/api/deliveries/send-now');
      expect(sent.statusCode, sent.body).toBe(200);
      const channelsSent = sendNowResultSchema.parse(sent.json()).deliveries.map((d) => d.channel);
      expect(channelsSent).toEqual(['email']);
      // The only text the number got is its code.
      expect((await texts(phone)).map((row) => row.template)).toEqual(['sms.verification']);
    });

    it('a wrong code is refused and counted; the right one still works after it', async () => {
      const user = await t.user();
      const phone = nextPhone();
      await askCode(user, phone);
      const code = await lastCode(phone);
      const wrong = code === '000000' ? '000001' : '000000';
      const error = expectError(await confirm(user, wrong), 400, 'invalid_input');
      expect(error.message).toBe('That code is not right.');
      expect(error.details).toEqual([{ path: 'body.code', message: 'That code is not right.' }]);
      expect((await smsRow(user))?.codeAttempts).toBe(1);
      expect((await channels(user)).sms.phone).toBeNull();
      expect((await confirm(user, code)).statusCode).toBe(200);
    });

    it(`after ${SMS_CODE_MAX_ATTEMPTS} wrong codes even the right one asks for a new code`, async () => {
      const user = await t.user();
      const phone = nextPhone();
      await askCode(user, phone);
      const code = await lastCode(phone);
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i += 1) {
        expectError(await confirm(user, wrong), 400, 'invalid_input');
      }
      const error = expectError(await confirm(user, code), 400, 'invalid_input');
      expect(error.message).toBe('Too many wrong codes. Ask for a new code.');
      expect((await channels(user)).sms.phone).toBeNull();
    });

    it('an expired code asks for a new one', async () => {
      const user = await t.user();
      const phone = nextPhone();
      await askCode(user, phone);
      const code = await lastCode(phone);
      t.clock.advanceMinutes(SMS_CODE_TTL_SECONDS / 60);
      const error = expectError(await confirm(user, code), 400, 'invalid_input');
      expect(error.message).toBe('This code has expired. Ask for a new code.');
      expect((await channels(user)).sms.phone).toBeNull();
    });

    it('confirming with no code asked for says so', async () => {
      const user = await t.user();
      const error = expectError(await confirm(user, '123456'), 400, 'invalid_input');
      expect(error.message).toBe('There is no code waiting to be confirmed. Ask for a new code.');
    });

    it.each([
      ['a number without its country code', { phone: '4155550123' }, 'body.phone'],
      ['letters', { phone: '+1 call me' }, 'body.phone'],
      ['no number', {}, 'body.phone'],
    ])('400 for %s, and nothing is texted', async (_name, body, path) => {
      const user = await t.user();
      // Texts only: the sign-up's confirmation email may still be landing in the outbox.
      const texts = async () =>
        (await t.db.select().from(devOutbox).where(eq(devOutbox.channel, 'sms'))).length;
      const before = await texts();
      const error = expectError(
        await t.call(user, 'POST', '/api/channels/sms/verification', body),
        400,
        'invalid_input',
      );
      expect(error.message.startsWith(`${path}:`), error.message).toBe(true);
      expect(await texts()).toBe(before);
      expect(await smsRow(user)).toBeUndefined();
    });

    it('400 for a code that is not 6 digits', async () => {
      const user = await t.user();
      const error = expectError(await confirm(user, '12345'), 400, 'invalid_input');
      expect(error.message).toBe('body.code: must be the 6-digit code we sent');
    });

    it('one code a minute and five an hour per user (429), and five an hour per number', async () => {
      const user = await t.user();
      const phone = nextPhone();
      expect((await askCode(user, phone)).statusCode).toBe(202);
      const soon = expectError(await askCode(user, phone), 429, 'rate_limited');
      expect(soon.message).toBe(
        'A code is on its way. Wait a minute before asking for another one.',
      );
      for (let i = 0; i < 4; i += 1) {
        t.clock.advanceMinutes(1);
        expect((await askCode(user, phone)).statusCode).toBe(202);
      }
      t.clock.advanceMinutes(1);
      const hourly = expectError(await askCode(user, phone), 429, 'rate_limited');
      expect(hourly.message).toBe('You have asked for 5 codes in the last hour. Try again later.');

      // Another account cannot text that number a sixth time this hour either.
      const other = await t.user();
      const perNumber = expectError(await askCode(other, phone), 429, 'rate_limited');
      expect(perNumber.message).toBe(
        'This number has been sent 5 codes in the last hour. Try again later.',
      );
      expect(await texts(phone)).toHaveLength(5);
    });

    it('a number the provider refuses: 400 naming the phone, and the pending number is withdrawn', async () => {
      const user = await t.user();
      t.smsFailure = { permanent: true, error: 'The phone number is not valid' };
      try {
        const error = expectError(await askCode(user, nextPhone()), 400, 'invalid_input');
        expect(error.message).toBe(
          'We could not send a text to this number: The phone number is not valid',
        );
        expect(error.details).toEqual([{ path: 'body.phone', message: error.message }]);
      } finally {
        t.smsFailure = null;
      }
      expect((await channels(user)).sms.pendingPhone).toBeNull();
    });

    it('a provider that is down: 502, and the pending number is withdrawn', async () => {
      const user = await t.user();
      t.smsFailure = { permanent: false, error: 'timed out' };
      try {
        expectError(await askCode(user, nextPhone()), 502, 'upstream_failed');
      } finally {
        t.smsFailure = null;
      }
      expect((await channels(user)).sms.pendingPhone).toBeNull();
    });
  });

  describe('push subscriptions', () => {
    it('saves the browser with a device label, turns push on, and saving it again changes nothing', async () => {
      const user = await t.user();
      await t.saveSchedule(user, { push: ['22:00'] });
      expect(await t.nextDeliveryAt(user)).toBeNull();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/abc-1';
      const saved = await subscribe(user, endpoint);
      expect(saved.statusCode, saved.body).toBe(201);
      const body = channelsSchema.parse(saved.json());
      expect(body.push.enabled).toBe(true);
      expect(body.push.subscriptions).toHaveLength(1);
      expect(body.push.subscriptions[0]).toMatchObject({
        device: 'Chrome on Android',
        createdAt: t.clock.now().toISOString(),
        lastSuccessAt: null,
      });
      const again = channelsSchema.parse((await subscribe(user, endpoint)).json());
      expect(again.push.subscriptions).toHaveLength(1);
      expect(again.push.subscriptions[0]?.id).toBe(body.push.subscriptions[0]?.id);
      expect(await t.nextDeliveryAt(user)).toBe(at('22:00'));
    });

    it('a browser registered to another account moves to whoever subscribed in it last, with its keys', async () => {
      const first = await t.user();
      const second = await t.user();
      const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/shared';
      await t.saveSchedule(first, { push: ['22:00'] });
      await subscribe(first, endpoint, FIREFOX_MAC);
      expect(await t.nextDeliveryAt(first)).toBe(at('22:00'));
      const moved = channelsSchema.parse((await subscribe(second, endpoint, FIREFOX_MAC)).json());
      expect(moved.push.subscriptions.map((s) => s.device)).toEqual(['Firefox on macOS']);
      const left = await channels(first);
      expect(left.push).toMatchObject({ enabled: false, subscriptions: [] });
      expect(await t.nextDeliveryAt(first)).toBeNull();
    });

    it("another account's endpoint with other keys: 409, and the first account keeps its browser", async () => {
      const owner = await t.user();
      const taker = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/taken-1';
      await t.saveSchedule(owner, { push: ['22:00'] });
      await subscribe(owner, endpoint);
      const [before] = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      for (const keys of [
        { p256dh: 'BOtherKeyNotTheBrowsers', auth: 'tBHItJI5svbpez7KI4CCXg' },
        { p256dh: subscription(endpoint).keys.p256dh, auth: 'otherAuthSecret' },
      ]) {
        const taken = expectError(
          await t.call(taker, 'POST', '/api/channels/push/subscriptions', {
            ...subscription(endpoint),
            keys,
          }),
          409,
          'conflict',
        );
        expect(taken.message).toBe(
          'This push subscription is saved for another account with other keys. Turn notifications off and on again in this browser, then try again.',
        );
      }
      const [after] = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      expect(after).toEqual(before);
      expect((await channels(owner)).push).toMatchObject({ enabled: true });
      expect((await channels(taker)).push).toMatchObject({ enabled: false, subscriptions: [] });
      expect(await t.nextDeliveryAt(owner)).toBe(at('22:00'));
    });

    it('the owner saving its own endpoint with new keys keeps the browser and takes the keys', async () => {
      const owner = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/rekeyed-1';
      await subscribe(owner, endpoint);
      const again = await t.call(owner, 'POST', '/api/channels/push/subscriptions', {
        ...subscription(endpoint),
        keys: { p256dh: 'BRekeyed', auth: 'rekeyedAuth' },
      });
      expect(again.statusCode, again.body).toBe(201);
      const [row] = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      expect(row).toMatchObject({ userId: owner.id, p256dh: 'BRekeyed', auth: 'rekeyedAuth' });
    });

    it("DELETE forgets the browser (push goes off with the last one); another user's id is 404", async () => {
      const owner = await t.user();
      const stranger = await t.user();
      const body = channelsSchema.parse(
        (await subscribe(owner, 'https://fcm.googleapis.com/fcm/send/abc-2')).json(),
      );
      const id = body.push.subscriptions[0]?.id;
      const notYours = expectError(
        await t.call(stranger, 'DELETE', `/api/channels/push/subscriptions/${id}`),
        404,
        'not_found',
      );
      expect(notYours.message).toBe('No push subscription has this id.');
      expect((await channels(owner)).push.subscriptions).toHaveLength(1);

      const removed = await t.call(owner, 'DELETE', `/api/channels/push/subscriptions/${id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(channelsSchema.parse(removed.json()).push).toMatchObject({
        enabled: false,
        subscriptions: [],
      });
      expectError(
        await t.call(owner, 'DELETE', `/api/channels/push/subscriptions/${id}`),
        404,
        'not_found',
      );
      expectError(
        await t.call(owner, 'DELETE', '/api/channels/push/subscriptions/not-a-uuid'),
        400,
        'invalid_input',
      );
    });

    it('400 for a subscription that is not a push service URL with keys; nothing saved', async () => {
      const user = await t.user();
      const bad = expectError(
        await t.call(user, 'POST', '/api/channels/push/subscriptions', {
          ...subscription('javascript:alert(1)'),
        }),
        400,
        'invalid_input',
      );
      expect(bad.message).toMatch(/^body\.endpoint:/);
      const keys = expectError(
        await t.call(user, 'POST', '/api/channels/push/subscriptions', {
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { p256dh: 'not base64!', auth: 'x' },
        }),
        400,
        'invalid_input',
      );
      expect(keys.message).toBe('body.keys.p256dh: must be base64url');
      expect((await channels(user)).push.subscriptions).toEqual([]);
    });

    it('400 for an endpoint the server would not send to: only https push services on public addresses', async () => {
      const user = await t.user();
      t.dns.set('wns2-private.notify.windows.com', ['10.20.30.40']);
      t.dns.set('wns2-mixed.notify.windows.com', ['52.1.2.3', '169.254.169.254']);
      t.dns.set('wns2-mapped.notify.windows.com', ['::ffff:127.0.0.1']);
      t.dns.set('wns2-unknown.notify.windows.com', []);
      const refused = async (endpoint: string) => {
        const response = await subscribe(user, endpoint);
        return expectError(response, 400, 'invalid_input').message;
      };
      expect(await refused('http://fcm.googleapis.com/fcm/send/plain')).toBe(
        'body.endpoint: must be the https push service URL the browser gave',
      );
      const local = (host: string) =>
        `The push service address ${host} leads to a private or local network address: this server calls only public addresses.`;
      expect(await refused('https://localhost/push')).toBe(local('localhost'));
      expect(await refused('https://127.0.0.1/push')).toBe(local('127.0.0.1'));
      expect(await refused('https://10.0.0.5/push')).toBe(local('10.0.0.5'));
      expect(await refused('https://169.254.169.254/latest/meta-data')).toBe(
        local('169.254.169.254'),
      );
      expect(await refused('https://[::1]/push')).toBe(local('::1'));
      expect(await refused('https://[::ffff:10.0.0.1]/push')).toBe(local('::ffff:a00:1'));
      expect(await refused('https://fcm.googleapis.com:8443/fcm/send/x')).toBe(
        'The push service address must use the standard https port (443).',
      );
      expect(await refused('https://user:secret@fcm.googleapis.com/fcm/send/x')).toBe(
        'The push service address must not carry a user name or password.',
      );
      expect(await refused('https://push.example/x')).toBe(
        'The push service push.example is not one this server calls. Chrome, Edge, Firefox and Safari use push services this server knows. Ask the administrator to add it to PUSH_ENDPOINT_HOSTS if it should be.',
      );
      // The host is on the list, but DNS (the outside world) sends it to a private network.
      expect(await refused('https://wns2-private.notify.windows.com/w/?token=x')).toBe(
        local('wns2-private.notify.windows.com'),
      );
      expect(await refused('https://wns2-mixed.notify.windows.com/w/?token=x')).toBe(
        local('wns2-mixed.notify.windows.com'),
      );
      expect(await refused('https://wns2-mapped.notify.windows.com/w/?token=x')).toBe(
        local('wns2-mapped.notify.windows.com'),
      );
      expect(await refused('https://wns2-unknown.notify.windows.com/w/?token=x')).toBe(
        'The push service address wns2-unknown.notify.windows.com could not be found. Check the connection and try again.',
      );
      expect((await channels(user)).push).toMatchObject({ enabled: false, subscriptions: [] });
      // Every known push service is accepted.
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/known-1',
        'https://updates.push.services.mozilla.com/wpush/v2/known-1',
        'https://wns2-bn3p.notify.windows.com/w/?token=known-1',
        'https://web.push.apple.com/known-1',
      ]) {
        const saved = await subscribe(user, endpoint);
        expect(saved.statusCode, saved.body).toBe(201);
      }
    });

    it('push can be turned off and on again while a browser is subscribed', async () => {
      const user = await t.user();
      await subscribe(user, 'https://fcm.googleapis.com/fcm/send/abc-3');
      expect(channelsSchema.parse((await toggle(user, 'push', false)).json()).push.enabled).toBe(
        false,
      );
      expect(channelsSchema.parse((await toggle(user, 'push', true)).json()).push.enabled).toBe(
        true,
      );
    });
  });

  describe('push renewal (the service worker, no sign-in)', () => {
    const renewed = (endpoint: string) => ({
      ...subscription(endpoint),
      keys: { p256dh: 'BNewKeyFromThePushService_-', auth: 'newAuthSecret' },
    });
    const savedAuth = subscription('').keys.auth;
    const renew = (
      oldEndpoint: string,
      next: unknown,
      ip = '198.51.100.7',
      oldAuth: string = savedAuth,
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/channels/push/renew',
        payload: { oldEndpoint, oldAuth, subscription: next },
        remoteAddress: ip,
      });
    const rows = (...endpoints: string[]) =>
      t.db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.endpoint, endpoints))
        .orderBy(pushSubscriptions.endpoint);

    it('moves the browser to its new endpoint and keys: same device, same user, no longer gone', async () => {
      const user = await t.user();
      await t.saveSchedule(user, { push: ['22:00'] });
      const oldEndpoint = 'https://fcm.googleapis.com/fcm/send/renew-old-1';
      const newEndpoint = 'https://fcm.googleapis.com/fcm/send/renew-new-1';
      const before = channelsSchema.parse((await subscribe(user, oldEndpoint)).json());
      await t.db
        .update(pushSubscriptions)
        .set({ goneAt: t.clock.now() })
        .where(eq(pushSubscriptions.endpoint, oldEndpoint));
      expect((await channels(user)).push.subscriptions).toEqual([]);

      const response = await renew(oldEndpoint, renewed(newEndpoint));
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');

      expect((await channels(user)).push.subscriptions).toEqual(before.push.subscriptions);
      const [row, ...others] = await rows(oldEndpoint, newEndpoint);
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        id: before.push.subscriptions[0]?.id,
        userId: user.id,
        endpoint: newEndpoint,
        p256dh: 'BNewKeyFromThePushService_-',
        auth: 'newAuthSecret',
        device: 'Chrome on Android',
        goneAt: null,
      });
      expect(await t.nextDeliveryAt(user)).toBe(at('22:00'));
    });

    it('an old endpoint not known here: 404 and nothing changes', async () => {
      const user = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/renew-known-2';
      await subscribe(user, endpoint);
      const before = await rows(endpoint);
      const unknown = expectError(
        await renew(
          'https://fcm.googleapis.com/fcm/send/renew-unknown-2',
          renewed('https://fcm.googleapis.com/fcm/send/renew-new-2'),
        ),
        404,
        'not_found',
      );
      expect(unknown.message).toBe("This browser's old subscription is not known here");
      expect(await rows(endpoint, 'https://fcm.googleapis.com/fcm/send/renew-new-2')).toEqual(
        before,
      );
    });

    it("renewing without the old subscription's auth secret: 404 (as for an unknown one), nothing changes", async () => {
      const user = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/renew-proof-5';
      await subscribe(user, endpoint);
      const before = await rows(endpoint);
      const stolen = expectError(
        await renew(
          endpoint,
          renewed('https://fcm.googleapis.com/fcm/send/renew-thief-5'),
          '198.51.100.7',
          'guessedAuthSecret',
        ),
        404,
        'not_found',
      );
      expect(stolen.message).toBe("This browser's old subscription is not known here");
      const missing = expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/channels/push/renew',
          payload: {
            oldEndpoint: endpoint,
            subscription: renewed('https://fcm.googleapis.com/fcm/send/renew-thief-5'),
          },
        }),
        400,
        'invalid_input',
      );
      expect(missing.message).toMatch(/^body\.oldAuth:/);
      expect(await rows(endpoint, 'https://fcm.googleapis.com/fcm/send/renew-thief-5')).toEqual(
        before,
      );
    });

    it('renewing onto an endpoint the server would not send to: 400, nothing changes', async () => {
      const user = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/renew-private-6';
      await subscribe(user, endpoint);
      const before = await rows(endpoint);
      t.dns.set('wns2-renew-private.notify.windows.com', ['192.168.1.10']);
      const refused = expectError(
        await renew(endpoint, renewed('https://wns2-renew-private.notify.windows.com/w/?t=1')),
        400,
        'invalid_input',
      );
      expect(refused.message).toBe(
        'The push service address wns2-renew-private.notify.windows.com leads to a private or local network address: this server calls only public addresses.',
      );
      expect(await rows(endpoint)).toEqual(before);
    });

    it('400 for a body that is not an old endpoint and a subscription; nothing changes', async () => {
      const user = await t.user();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/renew-bad-3';
      await subscribe(user, endpoint);
      const before = await rows(endpoint);
      const noOld = expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/channels/push/renew',
          payload: { subscription: renewed('https://fcm.googleapis.com/fcm/send/renew-x-3') },
        }),
        400,
        'invalid_input',
      );
      expect(noOld.message).toMatch(/^body\.oldEndpoint:/);
      const badKeys = expectError(
        await renew(endpoint, {
          endpoint: 'https://fcm.googleapis.com/fcm/send/renew-x-3',
          keys: { p256dh: 'not base64!', auth: 'x' },
        }),
        400,
        'invalid_input',
      );
      expect(badKeys.message).toBe('body.subscription.keys.p256dh: must be base64url');
      expectError(
        await renew('javascript:alert(1)', renewed('https://push.example/y')),
        400,
        'invalid_input',
      );
      expect(await rows(endpoint)).toEqual(before);
    });

    it("changes only the row whose endpoint matched: another user's browser is never touched", async () => {
      const owner = await t.user();
      const other = await t.user();
      const ownerEndpoint = 'https://fcm.googleapis.com/fcm/send/renew-owner-4';
      const otherEndpoint = 'https://fcm.googleapis.com/fcm/send/renew-other-4';
      await subscribe(owner, ownerEndpoint);
      await subscribe(other, otherEndpoint, FIREFOX_MAC);
      const [otherBefore] = await rows(otherEndpoint);

      // Renewing the owner's browser onto the other user's endpoint drops the owner's old row
      // and leaves the other user's row as it was.
      const onto = await renew(ownerEndpoint, renewed(otherEndpoint));
      expect(onto.statusCode, onto.body).toBe(204);
      expect(await rows(ownerEndpoint, otherEndpoint)).toEqual([otherBefore]);
      expect((await channels(owner)).push).toMatchObject({ enabled: false, subscriptions: [] });
      expect((await channels(other)).push.subscriptions).toHaveLength(1);

      // The owner's old endpoint now proves nothing: it cannot reach the other user's row.
      expectError(
        await renew(ownerEndpoint, renewed('https://fcm.googleapis.com/fcm/send/renew-steal-4')),
        404,
        'not_found',
      );
      expect(await rows(otherEndpoint)).toEqual([otherBefore]);
    });

    it('limits renewals per IP address (429)', async () => {
      const ip = '203.0.113.99';
      const never = 'https://fcm.googleapis.com/fcm/send/never-saved';
      const next = renewed('https://fcm.googleapis.com/fcm/send/n');
      for (let i = 0; i < 60; i += 1) {
        expectError(await renew(never, next, ip), 404, 'not_found');
      }
      const limited = expectError(await renew(never, next, ip), 429, 'rate_limited');
      expect(limited.message).toBe(
        'Too many push renewals from this network. Wait a few minutes and try again.',
      );
      expectError(await renew(never, next), 404, 'not_found');
    });
  });

  it('401 on every channels route without a session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', '/api/channels', undefined],
      ['PUT', '/api/channels/email', { enabled: true }],
      ['POST', '/api/channels/sms/verification', { phone: '+14155550123' }],
      ['POST', '/api/channels/sms/verification/confirm', { code: '123456' }],
      ['POST', '/api/channels/push/subscriptions', subscription('https://push.example/x')],
      ['DELETE', `/api/channels/push/subscriptions/${id}`, undefined],
    ] as const) {
      expectError(await t.call(null, method, url, body), 401, 'unauthenticated');
    }
  });
});
