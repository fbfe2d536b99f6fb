import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelParamsSchema,
  channelPaths,
  channelsSchema,
  channelToggleSchema,
  phoneVerificationConfirmSchema,
  phoneVerificationStartSchema,
  pushRenewSchema,
  pushSubscriptionSchema,
} from '#contracts/channels.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { requireSavedAccount, type AuthGuard } from '#server/auth/guard.ts';
import type { ChannelsService } from './channels.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['delivery'];

const subscriptionParamsSchema = z.object({
  id: z.uuid({ message: 'must be a push subscription id (a UUID)' }),
});

export function channelsRoutes(deps: {
  guard: AuthGuard;
  channels: ChannelsService;
}): FastifyPluginAsyncZod {
  const { guard, channels } = deps;
  return async (app) => {
    app.get(
      channelPaths.channels.pattern,
      {
        schema: {
          summary: "The user's delivery channels: email, SMS and push, and their providers",
          tags,
          response: { 200: channelsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return channels.get(userId);
      },
    );

    app.put(
      channelPaths.channel.pattern,
      {
        schema: {
          summary: 'Turn a channel on or off',
          description:
            'SMS needs a verified number and push a subscribed browser (409 otherwise). Turning a channel on clears its unsubscribe.',
          tags,
          params: channelParamsSchema,
          body: channelToggleSchema,
          response: { 200: channelsSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = await guard.authenticate(request);
        if (request.params.channel !== 'push' && request.body.enabled) {
          requireSavedAccount(ctx, 'get messages by email or text');
        }
        return channels.setEnabled(ctx.userId, request.params.channel, request.body.enabled);
      },
    );

    app.post(
      channelPaths.smsVerification.pattern,
      {
        schema: {
          summary: 'Text a 6-digit code to a phone number (E.164) to verify it',
          tags,
          body: phoneVerificationStartSchema,
          response: { 202: channelsSchema, ...errors, 502: errorBodySchema },
        },
      },
      async (request, reply) => {
        const ctx = await guard.authenticate(request);
        requireSavedAccount(ctx, 'get messages by text');
        return reply
          .status(202)
          .send(await channels.startPhoneVerification(ctx.userId, request.body.phone));
      },
    );

    app.post(
      channelPaths.smsVerificationConfirm.pattern,
      {
        schema: {
          summary: 'Confirm the code: the number is verified and SMS turned on',
          tags,
          body: phoneVerificationConfirmSchema,
          response: { 200: channelsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return channels.confirmPhoneVerification(userId, request.body.code);
      },
    );

    app.post(
      channelPaths.pushSubscriptions.pattern,
      {
        schema: {
          summary: "Save this browser's push subscription and turn push on",
          description:
            'The endpoint must be https on port 443, on a push service host of PUSH_ENDPOINT_HOSTS, and resolve only to public addresses (400 otherwise). An endpoint already saved for another account moves to this one only with the same keys (the same browser, now signed in to this account: it belongs to whoever subscribed in it last); with other keys it is a 409 and nothing changes.',
          tags,
          body: pushSubscriptionSchema,
          response: { 201: channelsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const userAgent = request.headers['user-agent'];
        return reply
          .status(201)
          .send(await channels.addPushSubscription(userId, request.body, userAgent));
      },
    );

    app.post(
      channelPaths.pushRenew.pattern,
      {
        schema: {
          summary: "The service worker's new push subscription for this browser (no sign-in)",
          description:
            "Sent when the push service replaces the subscription. The old endpoint with its subscription's auth secret (`oldAuth`, known only to the browser and this server) proves it is the same browser: its saved subscription takes the new endpoint and keys. 404 for an old endpoint not saved here or a wrong secret; 400 for a new endpoint the server would not send to. Limited per IP.",
          tags,
          security: [],
          body: pushRenewSchema,
          response: {
            204: z.null().describe('Renewed'),
            400: errorBodySchema,
            404: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        await channels.renewPushSubscription(request.body, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      channelPaths.pushSubscription.pattern,
      {
        schema: {
          summary: 'Forget a browser: it gets no more pushes (push goes off with the last one)',
          tags,
          params: subscriptionParamsSchema,
          response: { 200: channelsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return channels.removePushSubscription(userId, request.params.id);
      },
    );
  };
}
