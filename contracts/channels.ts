import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { timestampSchema } from '#contracts/shared.ts';

// The daily top three's channels (/settings#notifications): email, SMS and push, each with its
// own setup, and the providers that carry them.

export const deliveryChannels = ['email', 'sms', 'push'] as const;
export const deliveryChannelSchema = z.enum(deliveryChannels, {
  message: `must be one of ${deliveryChannels.join(', ')}`,
});
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

export const channelParamsSchema = z.object({ channel: deliveryChannelSchema });

/** E.164: a plus sign, the country code and the number, digits only. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^\+[1-9]\d{6,14}$/,
        'must be a phone number with its country code, such as +14155550123',
      ),
  );

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_CODE_MAX_ATTEMPTS = 5;

export const pushSubscriptionInfoSchema = z.object({
  id: z.uuid(),
  /** A short label from the browser's user agent ("Chrome on Android"). */
  device: z.string(),
  createdAt: timestampSchema,
  lastSuccessAt: timestampSchema.nullable(),
});

export const channelsSchema = z.object({
  email: z.object({
    enabled: z.boolean(),
    /** The account's email address. */
    address: z.string(),
    /** Daily emails go only to a confirmed address. */
    confirmed: z.boolean(),
    /** The user followed an unsubscribe link; turning the channel on again clears it. */
    unsubscribedAt: timestampSchema.nullable(),
  }),
  sms: z.object({
    enabled: z.boolean(),
    /** The verified number, masked except its last 4 digits; null until one is verified. */
    phone: z.string().nullable(),
    /** A number waiting for its code, masked. */
    pendingPhone: z.string().nullable(),
    unsubscribedAt: timestampSchema.nullable(),
  }),
  push: z.object({
    enabled: z.boolean(),
    /** The server's VAPID public key (base64url), for PushManager.subscribe. */
    vapidPublicKey: z.string(),
    subscriptions: z.array(pushSubscriptionInfoSchema),
  }),
  /** Which providers are configured; an unconfigured one writes to the dev outbox. */
  transports: z.object({
    email: z.enum(['smtp', 'dev-outbox']),
    sms: z.enum(['http', 'dev-outbox']),
    push: z.enum(['web-push', 'dev-outbox']),
  }),
});
export type Channels = z.infer<typeof channelsSchema>;

export const channelToggleSchema = z.object({ enabled: z.boolean() });

export const phoneVerificationStartSchema = z.object({ phone: phoneNumberSchema });
export const phoneVerificationConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`),
      `must be the ${SMS_CODE_LENGTH}-digit code we sent`,
    ),
});

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/**
 * The browser's PushSubscription.toJSON(). The server also checks the endpoint's host: a known
 * push service (PUSH_ENDPOINT_HOSTS), https on port 443, public addresses only (400 otherwise).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, message: 'must be the https push service URL the browser gave' })
    .max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url.min(1).max(200),
    auth: base64url.min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * The service worker's renewal when the push service replaced the browser's subscription
 * (`pushsubscriptionchange`). No sign-in: the old subscription's auth secret, which only the
 * browser and this server know (the push service never sees it), proves it is the same browser.
 */
export const pushRenewSchema = z.object({
  oldEndpoint: pushSubscriptionSchema.shape.endpoint,
  /** The old subscription's keys.auth (PushSubscription.toJSON()). */
  oldAuth: pushSubscriptionSchema.shape.keys.shape.auth,
  subscription: pushSubscriptionSchema,
});
export type PushRenewInput = z.infer<typeof pushRenewSchema>;

/** The service worker posts to pushRenew itself (client/public/sw.js). */
export const channelPaths = {
  channels: apiPath('/api/channels'),
  channel: apiPath('/api/channels/:channel'),
  smsVerification: apiPath('/api/channels/sms/verification'),
  smsVerificationConfirm: apiPath('/api/channels/sms/verification/confirm'),
  pushSubscriptions: apiPath('/api/channels/push/subscriptions'),
  pushSubscription: apiPath('/api/channels/push/subscriptions/:id'),
  pushRenew: apiPath('/api/channels/push/renew'),
} as const;
