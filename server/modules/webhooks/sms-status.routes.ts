import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { createSmsStatusService, type SmsStatusService } from './sms-status.service.ts';

/** The path of the webhook the provider posts delivery receipts to (the SMS sender hands it out). */
export const SMS_STATUS_PATH = '/api/webhooks/sms/status';

/** The fields of a receipt this app reads; the provider posts more, all of them signed. */
const smsStatusBodySchema = z.object({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.string().min(1).max(32),
  ErrorCode: z.string().max(16).optional(),
});

/** The posted form as name → value, or null when it is not one. */
function formParams(body: unknown): Record<string, string> | null {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body);
  return entries.every(([, value]) => typeof value === 'string')
    ? Object.fromEntries(entries as Array<[string, string]>)
    : null;
}

/**
 * POST /api/webhooks/sms/status: the SMS provider's delivery receipts (Twilio's StatusCallback).
 * No sign-in: the provider's X-Twilio-Signature over the configured callback URL is the
 * authority. Answers 404 while SMS is not configured; a well-signed receipt always gets 204, even
 * for a message this app does not know, or the provider would keep retrying it.
 */
export function smsStatusRoutes(deps: {
  db: Db;
  clock: () => Date;
  env: Pick<Env, 'SMS_AUTH_TOKEN' | 'PUBLIC_URL'>;
}): FastifyPluginAsyncZod {
  const smsStatus: SmsStatusService | null = deps.env.SMS_AUTH_TOKEN
    ? createSmsStatusService({
        db: deps.db,
        clock: deps.clock,
        authToken: deps.env.SMS_AUTH_TOKEN,
        callbackUrl: `${deps.env.PUBLIC_URL}${SMS_STATUS_PATH}`,
      })
    : null;

  return async (app) => {
    // Its own scope: the provider posts forms, and only this route reads them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.withTypeProvider<ZodTypeProvider>().post(
      SMS_STATUS_PATH,
      {
        schema: {
          summary: 'Delivery receipts from the SMS provider (signed by the provider, no sign-in)',
          description:
            'A form post in Twilio’s StatusCallback shape, signed with `X-Twilio-Signature` over the configured callback URL and every posted field. `delivered` marks the text delivered; `undelivered` and `failed` mark it failed; other statuses are ignored.',
          tags: ['delivery'],
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          headers: z.object({ 'x-twilio-signature': z.string().optional() }),
          body: smsStatusBodySchema,
          response: {
            204: z.null().describe('Receipt taken'),
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
          },
        },
        // Who sent it is checked before what it says: an unsigned post learns nothing more.
        preValidation: async (request) => {
          if (!smsStatus)
            throw new AppError(
              'not_found',
              'SMS delivery receipts are off: this server has no SMS provider configured.',
            );
          const signature = request.headers['x-twilio-signature'];
          const params = formParams(request.body);
          if (typeof signature !== 'string' || signature === '')
            throw new AppError(
              'forbidden',
              'The X-Twilio-Signature header is missing: only the SMS provider can post receipts here.',
            );
          if (!params || !smsStatus.verify(signature, params))
            throw new AppError(
              'forbidden',
              'The X-Twilio-Signature does not match this request: check that SMS_AUTH_TOKEN and PUBLIC_URL are the ones the provider uses.',
            );
        },
      },
      async (request, reply) => {
        await smsStatus?.apply(request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
