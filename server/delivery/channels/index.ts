import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { createDevOutboxService } from '#server/modules/dev-outbox/dev-outbox.service.ts';
import { createDevOutboxSender, type ChannelLog } from './dev-outbox.ts';
import { createSmtpSender } from './email.ts';
import { createWebPushSender } from './push.ts';
import { createHttpSmsSender, smsStatusCallbackUrl } from './sms.ts';
import { loadVapidKeys } from './vapid.ts';
import { pushEndpointGuard, type Resolve } from '#server/http/outbound.ts';

export { PUSH_SUBSCRIPTION_EXPIRED } from './push.ts';
export { loadVapidKeys } from './vapid.ts';
export type { ChannelLog } from './dev-outbox.ts';

export interface ChannelSenders {
  email: ChannelSender;
  sms: ChannelSender;
  push: ChannelSender;
  /** Which provider each channel uses; an unconfigured one writes to the dev outbox. */
  transports: {
    email: 'smtp' | 'dev-outbox';
    sms: 'http' | 'dev-outbox';
    push: 'web-push' | 'dev-outbox';
  };
  /** The VAPID public key (base64url) browsers subscribe with. */
  vapidPublicKey: string;
  close(): Promise<void>;
}

/** One sender per channel from the settings: the provider when configured, else the dev outbox. */
export async function createChannelSenders(deps: {
  env: Env;
  db: Db;
  log: ChannelLog;
  fetch?: typeof fetch;
  /** DNS for the push endpoints' check (tests pass their own). */
  resolve?: Resolve;
}): Promise<ChannelSenders> {
  const { env, db, log } = deps;
  const vapid = await loadVapidKeys(db);
  const outbox = { outbox: createDevOutboxService({ db }), log };

  const email = env.SMTP_URL
    ? createSmtpSender({
        url: env.SMTP_URL,
        from: env.MAIL_FROM,
        publicUrl: env.PUBLIC_URL,
        maxConnections: env.DELIVERY_SMTP_MAX_CONNECTIONS,
      })
    : createDevOutboxSender('email', outbox);

  // env.ts refuses a partial SMS configuration, so either all three are set or none.
  const sms =
    env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
      ? createHttpSmsSender({
          baseUrl: env.SMS_BASE_URL,
          accountSid: env.SMS_ACCOUNT_SID,
          authToken: env.SMS_AUTH_TOKEN,
          from: env.SMS_FROM,
          timeoutMs: env.SMS_TIMEOUT_MS,
          // Delivery receipts come back to /api/webhooks/sms/status only when PUBLIC_URL is
          // https: the provider must be able to reach it from the internet.
          statusCallbackUrl: smsStatusCallbackUrl(env.PUBLIC_URL),
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        })
      : createDevOutboxSender('sms', outbox);

  const push =
    env.PUSH_TRANSPORT === 'web-push'
      ? createWebPushSender({
          vapid,
          subject: env.VAPID_SUBJECT,
          guard: pushEndpointGuard(env, deps.resolve),
        })
      : createDevOutboxSender('push', outbox);

  const transports = {
    email: email.transport === 'smtp' ? 'smtp' : 'dev-outbox',
    sms: sms.transport === 'http' ? 'http' : 'dev-outbox',
    push: push.transport === 'web-push' ? 'web-push' : 'dev-outbox',
  } as const;
  log.info({ transports }, 'delivery channels ready');

  return {
    email,
    sms,
    push,
    transports,
    vapidPublicKey: vapid.publicKey,
    async close() {
      await Promise.all([email.close(), sms.close(), push.close()]);
    },
  };
}
