import { createHmac } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import {
  markSmsDelivered,
  markSmsUndelivered,
} from '#server/modules/deliveries/deliveries.service.ts';

/**
 * Twilio's request signature: base64(HMAC-SHA1(auth token, url + every POST parameter sorted by
 * name, each as name + value)).
 */
export function smsProviderSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** What one receipt did: changed a delivery, or nothing (unknown message, repeat, other status). */
export type SmsStatusOutcome = 'delivered' | 'failed' | 'unchanged';

export interface SmsStatusService {
  /** Whether `signature` is the provider's for these parameters posted to the callback URL. */
  verify(signature: string | undefined, params: Record<string, string>): boolean;
  /** Applies one receipt to the delivery the message belongs to. */
  apply(receipt: {
    MessageSid: string;
    MessageStatus: string;
    ErrorCode?: string | undefined;
  }): Promise<SmsStatusOutcome>;
}

export function undeliveredReason(errorCode: string | undefined): string {
  const code = errorCode?.trim();
  return code
    ? `The phone network could not deliver the text (error ${code})`
    : 'The phone network could not deliver the text';
}

/**
 * Delivery receipts from the SMS provider. `callbackUrl` is the configured URL the provider was
 * given (PUBLIC_URL + the path), never the request's Host, so a proxy in front changes nothing.
 */
export function createSmsStatusService(deps: {
  db: Db;
  clock: () => Date;
  authToken: string;
  callbackUrl: string;
}): SmsStatusService {
  const { db, clock, authToken, callbackUrl } = deps;
  return {
    verify(signature, params) {
      if (!signature) return false;
      return secretsEqual(signature, smsProviderSignature(authToken, callbackUrl, params));
    },
    async apply(receipt) {
      if (receipt.MessageStatus === 'delivered') {
        return (await markSmsDelivered(db, receipt.MessageSid, clock()))
          ? 'delivered'
          : 'unchanged';
      }
      if (receipt.MessageStatus === 'undelivered' || receipt.MessageStatus === 'failed') {
        const reason = undeliveredReason(receipt.ErrorCode);
        return (await markSmsUndelivered(db, receipt.MessageSid, reason, clock()))
          ? 'failed'
          : 'unchanged';
      }
      // queued, sending, sent, accepted…: the record already says as much.
      return 'unchanged';
    },
  };
}
